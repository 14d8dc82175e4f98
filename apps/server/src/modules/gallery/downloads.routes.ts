import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VIDEO_RESOLUTIONS } from '@app/shared/constants';
import { ERROR_CODE, MSG } from '@app/shared/messages';
import { fileResponseSchema } from '@app/shared/schemas/file.schema';
import { MEDIA_MESSAGES, VIDEO_RESOLUTION_NAMES } from '@app/shared/schemas/media.schema';
import { AppError } from '../../lib/app-error.ts';
import { publicAccess } from '../../lib/access.ts';
import { findVisibleMedia, type MediaRow } from './gallery.repository.ts';
import { downloadPath, RESOLUTION_COLUMNS } from './gallery.service.ts';
import { pathId } from './gallery.routes.ts';
import { recordRead } from '../read-log/read-log.service.ts';
import { attachmentDisposition, parseRange } from './http-download.ts';

const INVALID_SIGNATURE = 'This link is invalid or has expired.';

/** The stored key, content type and file-name extension of one version of an item; null when it has none (yet). */
function versionOf(row: MediaRow, version: string | undefined): { key: string; type: string; ext: string } | null {
  const original = { key: row.file_path, type: row.mime_type, ext: extensionOf(row.file_name) };
  if (version === 'original') return original;
  if (version === undefined) {
    // The plain download: a video's highest resolution (made for playing anywhere), else the original.
    const best = [...VIDEO_RESOLUTION_NAMES].reverse().find((n) => row[RESOLUTION_COLUMNS[n]]);
    return best ? { key: row[RESOLUTION_COLUMNS[best]]!, type: 'video/mp4', ext: '.mp4' } : original;
  }
  if (!(version in VIDEO_RESOLUTIONS)) return null;
  const key = row[RESOLUTION_COLUMNS[version as keyof typeof VIDEO_RESOLUTIONS]];
  return key ? { key, type: 'video/mp4', ext: '.mp4' } : null;
}

function extensionOf(fileName: string): string {
  const m = /\.[a-z0-9]{1,8}$/i.exec(fileName);
  return m ? m[0].toLowerCase() : '';
}

/**
 * `/download/gallery/{id}`, `/{resolution}`, `/original` (spec section 7): only through the
 * short-lived signed URLs the gallery answers carry (the signature is the credential, as for
 * /storage: a <video> or a download link sends no bearer token), an attachment with a safe file
 * name, and HTTP Range so a video seeks without fetching the whole file.
 */
export async function galleryDownloadRoutes(app: FastifyInstance): Promise<void> {
  const schema = {
    tags: ['gallery'],
    description: 'A gallery file through its signed URL (as the gallery API answered it); 403 when the signature is missing, wrong or expired. Honours Range (206).',
    produces: ['application/octet-stream', 'video/mp4', 'image/jpeg', 'application/pdf'],
    response: { 200: fileResponseSchema, 206: fileResponseSchema },
  };
  const handler = async (request: FastifyRequest<{ Params: { id: string; version?: string }; Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
    const { id: rawId, version } = request.params;
    const { viewer } = request.query;
    const remaining = app.fileStore.signer.verify(downloadPath(rawId, version), request.query.expires, request.query.signature, Date.now(), undefined, viewer);
    if (remaining === null) throw AppError.forbidden(INVALID_SIGNATURE, ERROR_CODE.invalidSignature);
    const row = await findVisibleMedia(app.db, { all: true }, pathId(rawId, MEDIA_MESSAGES.notFound));
    if (!row) throw AppError.notFound(MEDIA_MESSAGES.notFound);
    const chosen = versionOf(row, version);
    if (!chosen) throw AppError.notFound(MEDIA_MESSAGES.resolutionNotFound);
    const size = await app.fileStore.files.size(chosen.key);
    if (size === null) throw AppError.notFound(MSG.notFound);

    reply
      .type(chosen.type)
      .header('Accept-Ranges', 'bytes')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', `private, max-age=${Math.min(remaining, 3600)}`)
      .header('Content-Disposition', attachmentDisposition(row.title, chosen.ext, `media-${row.id}`));
    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('Content-Range', `bytes */${size}`).send();
    }
    const stream = await app.fileStore.files.open(chosen.key, range ?? undefined);
    if (!stream) throw AppError.notFound(MSG.notFound);
    // One line per download or stream: its first request (a player's later ranges are the same viewing).
    if (!range || range.start === 0) {
      await recordRead(app.db, request, { kind: 'file', orphanId: row.orphan_id, mediaId: row.id, detail: { version: version ?? 'download' } }, typeof viewer === 'string' ? Number(viewer) : null);
    }
    if (range) {
      reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`).header('Content-Length', range.end - range.start + 1);
    } else {
      reply.header('Content-Length', size);
    }
    return reply.send(stream);
  };
  app.get('/download/gallery/:id', { config: publicAccess, schema }, handler);
  app.get('/download/gallery/:id/:version', { config: publicAccess, schema }, handler);
}
