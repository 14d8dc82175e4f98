import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponseSchema } from '@app/shared/schemas/dashboard.schema';
import { signedIn } from '../../lib/access.ts';
import { currentUser } from '../../plugins/access.ts';
import { dashboardData } from './dashboard.service.ts';

/** GET /dashboard/data (spec section 7): any signed-in user; each part follows its own permission (dashboard.service.ts). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard/data',
    { config: signedIn, schema: { tags: ['dashboard'], response: { 200: dashboardResponseSchema } } },
    async (request) => dashboardData({ db: app.db, changes: app.changes }, currentUser(request)),
  );
}
