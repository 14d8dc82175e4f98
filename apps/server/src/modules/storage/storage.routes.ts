import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODE, MSG } from '@app/shared/messages';
import { fileResponseSchema } from '@app/shared/schemas/file.schema';
import { AppError } from '../../lib/app-error.ts';
import { publicAccess } from '../../lib/access.ts';
import { isValidStorageKey } from './file-storage.types.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};

/** What the docs list as the answer's content types. */
const FILE_TYPES = [...new Set([...Object.values(CONTENT_TYPES), 'application/octet-stream'])];

const INVALID_SIGNATURE = 'This link is invalid or has expired.';

/**
 * `GET /storage/<key>?expires=&signature=`: stored files, reachable only through a signed URL.
 * Public as far as the route guard goes — the signature is the credential; no signature, a wrong
 * one or an expired one answers 403. The URL names the row that shows the file, and the file is
 * served only while that row still does (FileStore.serveFolder): not after its child was trashed.
 */
export async function storageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { '*': string }; Querystring: Record<string, unknown> }>(
    '/storage/*',
    {
      config: publicAccess,
      schema: {
        tags: ['files'],
        description: 'A stored file through its signed URL (`?record=&expires=&signature=` as the API returned it); 403 when the signature is missing, wrong or expired; 404 when the record showing the file is gone or in the trash.',
        produces: FILE_TYPES,
        response: { 200: fileResponseSchema },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const { record } = request.query;
      const remaining = typeof record === 'string' ? app.fileStore.signer.verify(`/storage/${key}`, request.query.expires, request.query.signature, Date.now(), record) : null;
      if (remaining === null) throw AppError.forbidden(INVALID_SIGNATURE, ERROR_CODE.invalidSignature);
      if (!isValidStorageKey(key)) throw AppError.notFound(MSG.notFound);
      // Signed minutes ago: the child may be in the trash since, or the item deleted (as /download answers).
      if (!(await app.fileStore.shows(key, Number(record)))) throw AppError.notFound(MSG.notFound);
      const stream = await app.fileStore.files.open(key);
      if (!stream) throw AppError.notFound(MSG.notFound);
      const size = await app.fileStore.files.size(key);
      reply
        .type(CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
        .header('Cache-Control', `private, max-age=${Math.min(remaining, 3600)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline');
      if (size !== null) reply.header('Content-Length', size);
      return reply.send(stream);
    },
  );
}
