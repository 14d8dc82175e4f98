import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../lib/access.ts';
import { currentUser } from '../../plugins/access.ts';
import { dashboardData } from './dashboard.service.ts';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dashboard/data', { config: signedIn, schema: { tags: ['dashboard'] } }, async (request) =>
    dashboardData(app.db, currentUser(request)),
  );
}
