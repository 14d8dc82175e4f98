import type { FastifyInstance } from 'fastify';
import { dashboardResponseSchema } from '@app/shared/schemas/dashboard.schema';
import { signedIn } from '../../lib/access.ts';
import { currentUser } from '../../plugins/access.ts';
import { dashboardBody } from './dashboard.service.ts';

/**
 * GET /dashboard/data (spec section 7): any signed-in user; each part follows its own permission
 * (dashboard.service.ts). The answer goes out as the JSON the service keeps for it (dashboardBody),
 * so the route is not typed by its schema; the schema still describes it (API docs) and the API
 * test checks every answer against it.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/dashboard/data',
    { config: signedIn, schema: { tags: ['dashboard'], response: { 200: dashboardResponseSchema } } },
    async (request, reply) => reply.type('application/json; charset=utf-8').send(await dashboardBody({ db: app.db, changes: app.changes }, currentUser(request))),
  );
}
