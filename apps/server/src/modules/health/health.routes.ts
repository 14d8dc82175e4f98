import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openInMaintenance, publicAccess } from '../../lib/access.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // The login page's reachability check; also proves the database answers.
  app.get('/health', { config: { ...publicAccess, ...openInMaintenance }, schema: { tags: ['health'] } }, async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'ok' };
  });
}
