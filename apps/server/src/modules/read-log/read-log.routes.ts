import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import { orphanViewsQuerySchema, readLogPageSchema, readLogQuerySchema, readLogUsersResponseSchema } from '@app/shared/schemas/read-log.schema';
import { requires } from '../../lib/access.ts';
import { siteScope } from '../../plugins/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { MAX_ID } from '@app/shared/constants';
import { scheduleReadLogRetention } from './read-log-retention.ts';
import { listReads, orphanViews, readers } from './read-log.service.ts';

const tags = ['access-log'];
const viewLog = requires('view-access-log');

/** A child id from the path; anything else names no child (404). */
function childId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : 0;
  if (!id) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  return id;
}

/** The read log: read only, through these two routes (no route writes or changes a line). */
export async function readLogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  scheduleReadLogRetention(app);

  r.get('/access-log', { config: viewLog, schema: { description: 'The access log: who read which child\'s record, file or export, from where and when; newest first, a page at a time, with its filters.', tags, querystring: readLogQuerySchema, response: { 200: readLogPageSchema } } }, async (request) =>
    listReads(app.db, request.query),
  );

  // The screen's user filter: names and ids only, so it needs no view-users.
  r.get('/access-log/users', { config: viewLog, schema: { description: 'The users the access log can be filtered by.', tags, response: { 200: readLogUsersResponseSchema } } }, async () => ({
    data: await readers(app.db),
  }));

  r.get(
    '/orphans/:id/views',
    { config: viewLog, schema: { description: "Who viewed this child's record, its files and reports; newest first, a page at a time.", tags, params: z.object({ id: z.string() }), querystring: orphanViewsQuerySchema, response: { 200: readLogPageSchema } } },
    async (request) => orphanViews(app.db, siteScope(request), childId(request.params.id), request.query),
  );
}
