import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@app/shared/schemas/common.schema';
import { fileResponseSchema } from '@app/shared/schemas/file.schema';
import { requires } from '../../lib/access.ts';
import { currentUser, siteScope } from '../../plugins/access.ts';
import { viewableClasses } from '../orphans/orphans.service.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { recordRead } from '../read-log/read-log.service.ts';
import { progressReport, type ProgressReport } from './progress-report.service.ts';

/**
 * `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>` (RFC 6266 / 5987): the
 * child's name as written — Dari or Pashto too — for browsers that read the UTF-8 form (all
 * current ones), the child's id for the rest. Names are plain text (shared schema), and quotes,
 * slashes and control characters are dropped besides, so neither form can break the header.
 */
export function reportDisposition(fileName: string, asciiFileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are among those removed
  const clean = fileName.normalize('NFC').replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '').replace(/\s+/g, '-');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiFileName}"; filename*=UTF-8''${encoded}`;
}

/** `GET /orphans/{id}/progress-report`: one child's progress report for sponsors, as a PDF. */
export async function progressReportRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/orphans/:id/progress-report',
    {
      config: requires('view-orphans'),
      schema: {
        tags: ['orphans'],
        description:
          "One child's progress report as a PDF: photo, basic details, results by term with each type's average, attendance by month and a short note, " +
          "in the reader's language (their stored choice, else Accept-Language: en, fa-AF or ps-AF; English otherwise), Dari and Pashto right to left. Results and attendance appear only " +
          'to a reader who may view them (the page says so otherwise). 404 for an unknown or trashed child. Written to the activity log.',
        params: idParam,
        produces: ['application/pdf'],
        response: { 200: fileResponseSchema },
      },
    },
    async (request, reply) => {
      const report = await progressReport(
        { db: app.db, dialect: app.dialect, store: app.fileStore, log: request.log, scope: siteScope(request), sites: currentUser(request).sites, user: currentUser(request), viewable: viewableClasses(currentUser(request)) },
        currentUser(request),
        request.params.id,
        requestLanguage(request),
      );
      await recordRead(app.db, request, { kind: 'progress_report', orphanId: Number(request.params.id) });
      return sendPdf(reply, report);
    },
  );
}

/** Bytes, not the JSON the route's typed reply expects: sent through the plain reply. */
function sendPdf(reply: FastifyReply, report: ProgressReport): FastifyReply {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', reportDisposition(report.fileName, report.asciiFileName))
    .header('Content-Language', report.language)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Vary', 'Accept-Language')
    .send(report.pdf);
}
