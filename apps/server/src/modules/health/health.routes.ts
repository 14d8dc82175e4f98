import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { healthResponseSchema } from '@app/shared/schemas/health.schema';
import { openInMaintenance, publicAccess } from '../../lib/access.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // The login page's reachability check; also proves the database answers.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { config: { ...publicAccess, ...openInMaintenance }, schema: { description: 'Whether the server and its database answer; for monitors and load balancers.', tags: ['health'], response: { 200: healthResponseSchema } } },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const };
    },
  );
}
