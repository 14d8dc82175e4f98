import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS } from '@app/shared/permissions';
import { attendanceExportSchema, exportFileName, orphanExportSchema, resultExportSchema, XLSX_CONTENT_TYPE } from '@app/shared/schemas/export.schema';
import { fileResponseSchema } from '@app/shared/schemas/file.schema';
import { requires } from '../../lib/access.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { attendanceExport } from '../attendance/attendance.export.ts';
import { orphansExport } from '../orphans/orphans.export.ts';
import { resultsExport } from '../results/results.export.ts';
import { recordRead } from '../read-log/read-log.service.ts';
import { viewableClasses } from '../orphans/orphans.service.ts';
import { prepareExport, type ExportContext, type PreparedExport } from './exports.service.ts';
import { ExportAborted, writeSheet } from './xlsx-writer.ts';

/**
 * `POST /export/orphans`, `/export/results`, `/export/attendance` (spec section 7): an .xlsx
 * streamed as it is written. Everything that can refuse the request — access, the body's rules,
 * a trashed or unknown child — runs before the first byte, so a refusal is a plain JSON 4xx and
 * never half a file. The sheet's language (headings, right to left) is the reader's, as for every
 * answer (requestLanguage: their stored choice, else the Accept-Language the web app sends).
 * Each feature owns its sheet (`<feature>.export.ts`: columns and rows); this module lists them.
 */
export async function exportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest): ExportContext => ({ db: app.db, scope: siteScope(request), viewable: viewableClasses(request.user) });
  const who = (request: FastifyRequest) => ({ userId: currentUser(request).id, language: requestLanguage(request), calendar: currentUser(request).calendar });
  // A Solar Hijri reader's sheet has each date in Solar Hijri beside it (xlsx-writer.ts).
  const inCalendar = (prepared: PreparedExport, calendar: 'gregorian' | 'persian'): PreparedExport => ({ ...prepared, sheet: { ...prepared.sheet, calendar } });
  const schema = {
    tags: ['exports'],
    produces: [XLSX_CONTENT_TYPE],
    response: { 200: fileResponseSchema },
  };

  r.post(
    '/export/orphans',
    { config: requires(ACCESS.exportOrphans), schema: { ...schema, description: 'Children outside the trash as an Excel sheet.', body: orphanExportSchema } },
    async (request, reply) => {
      const { userId, language, calendar } = who(request);
      return sendWorkbook(app, request, reply, inCalendar(await prepareExport(ctx(request), orphansExport, userId, language, request.body), calendar));
    },
  );

  r.post(
    '/export/results',
    { config: requires(ACCESS.exportResults), schema: { ...schema, description: "One result type's results (that type's columns) as an Excel sheet.", body: resultExportSchema } },
    async (request, reply) => {
      const { userId, language, calendar } = who(request);
      return sendWorkbook(app, request, reply, inCalendar(await prepareExport(ctx(request), resultsExport, userId, language, request.body), calendar));
    },
  );

  r.post(
    '/export/attendance',
    { config: requires(ACCESS.exportAttendance), schema: { ...schema, description: "One month's attendance records as an Excel sheet.", body: attendanceExportSchema } },
    async (request, reply) => {
      const { userId, language, calendar } = who(request);
      return sendWorkbook(app, request, reply, inCalendar(await prepareExport(ctx(request), attendanceExport, userId, language, request.body), calendar));
    },
  );
}

/**
 * Start the answer and write the workbook into it. Once the headers are out a failure can only
 * cut the download short (the browser then reports a failed download, never a complete-looking
 * file); it is logged here.
 */
async function sendWorkbook(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, prepared: PreparedExport): Promise<FastifyReply> {
  // Refusals are behind: this export happens, and the access log says who made it with which filters.
  await recordRead(app.db, request, { kind: 'export', detail: { export: prepared.kind, filters: request.body } });
  const out = new PassThrough();
  reply
    .type(XLSX_CONTENT_TYPE)
    .header('Content-Disposition', `attachment; filename="${exportFileName(prepared.kind)}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(out);
  try {
    await writeSheet(out, prepared.sheet);
  } catch (err) {
    if (!(err instanceof ExportAborted)) request.log.error({ err, kind: prepared.kind }, 'export failed while streaming');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  }
  return reply;
}
