import type { FastifyRequest } from 'fastify';
import { MEDIA_TYPES } from '@app/shared/constants';
import { MEDIA_FILE_FIELD, type MediaType } from '@app/shared/schemas/media.schema';
import { AppError } from '../../lib/app-error.ts';
import { refuseNul } from '../../lib/nul-text.ts';
import { MALFORMED_FORM } from '../storage/uploads.service.ts';
import { largestLimit, type GalleryConfig } from './gallery-config.ts';
import { receiveFile, tooLarge } from './media-content.ts';
import type { ReceivedUpload } from './gallery.service.ts';

/** Room for the text fields beside the file. */
const FORM_OVERHEAD_BYTES = 512 * 1024;

/**
 * `POST /galleries`: the multipart form with its file streamed into the storage as it arrives
 * (never whole in memory, unlike storage/uploads.service.ts's readMultipartForm, which holds a
 * photo's few MB). The limit is the chosen type's when `media_type` comes before the file (the
 * page sends it first), else the largest, and the type's limit is checked again once the type is
 * known; a replaced file (`POST /galleries/{id}`) has its item's type from the start. On any
 * failure the stored file is removed before the error leaves.
 */
export async function readGalleryUpload(
  request: FastifyRequest,
  config: GalleryConfig,
  knownType?: MediaType,
): Promise<{ fields: Record<string, string>; file: ReceivedUpload | null }> {
  const largest = largestLimit(config);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > largest + FORM_OVERHEAD_BYTES) throw tooLarge(null, largest);
  const fields: Record<string, string> = {};
  let file: ReceivedUpload | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: largest, files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== MEDIA_FILE_FIELD || file) {
        part.file.resume();
        continue;
      }
      const type = knownType ?? ((MEDIA_TYPES as readonly string[]).includes(fields.media_type ?? '') ? (fields.media_type as MediaType) : null);
      const stored = await receiveFile(request.server.fileStore.files, part.file, type ? config.maxBytes[type] : largest, type);
      file = { ...stored, fileName: part.filename };
    }
    refuseNul(fields);
  } catch (err) {
    if (file) await request.server.fileStore.files.remove(file.key).catch(() => {});
    throw asUploadError(err, request);
  }
  return { fields, file };
}

/** A size limit stays 413; whatever else the parser throws is about the bytes sent: 400, never 500. */
function asUploadError(err: unknown, request: FastifyRequest): unknown {
  if (err instanceof AppError) return err;
  const { statusCode } = err as { statusCode?: unknown };
  if (statusCode === 413) return err;
  request.log.info({ err }, 'gallery upload cut off or malformed');
  return new AppError(400, MALFORMED_FORM);
}
