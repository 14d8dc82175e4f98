import { MEDIA_MESSAGES, mediaUpdateSchema, type MediaItem, type MediaType } from '@app/shared/schemas/media.schema';
import { AppError } from '../../lib/app-error.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { commitQuietly, releaseQuietly, removeQuietly } from '../storage/storage.service.ts';
import { findMediaRecord, findVisibleMedia, type MediaRecord } from './gallery.repository.ts';
import { getMedia, storedKeys, type GalleryContext, type ReceivedUpload } from './gallery.service.ts';
import * as writes from './gallery.writes.ts';
import { checkReceivedFile, fileColumns } from './received-file.ts';

/**
 * `POST /galleries/{id}` (PUT override) with a file: the item's file replaced, all or nothing.
 * The new file passes an upload's checks for the item's media type (413, 422, an image's display
 * size and thumbnail; a video is transcoded again). Until the row points to it, the old file and
 * row stay as they were, and a refusal or failure removes everything stored for the new one. The
 * old files are marked before the write (storage/uncommitted-files.ts: a crash after the commit
 * leaves them to the start-up sweep, which keeps them while a row still points to them) and
 * removed after it.
 */
export async function replaceMediaFile(
  ctx: GalleryContext,
  userId: number | null,
  id: number,
  fields: Record<string, unknown>,
  file: ReceivedUpload,
): Promise<{ message: string; data: MediaItem }> {
  const keys: string[] = [file.key];
  let released: Array<string | null> = [];
  let replaced: { before: MediaRecord; after: MediaRecord };
  let notice: string | null;
  try {
    const { _method: _ignored, ...given } = parseOrThrow(mediaUpdateSchema, fields);
    const values = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
    const current = await findMediaRecord(ctx.db, id);
    if (!current) throw AppError.notFound(MEDIA_MESSAGES.notFound);
    const mediaType = current.media_type as MediaType;
    const checked = await checkReceivedFile(ctx, file, mediaType, keys);
    notice = checked.notice;
    const transcode = mediaType === 'video' && ctx.canTranscode();
    released = storedKeys(current);
    await releaseQuietly(ctx.store.files, released, ctx.log);
    replaced = await ctx.db.transaction().execute((trx) => writes.replaceMediaFile(trx, { scope: ctx.scope, id, userId, values, file: fileColumns(file, checked, mediaType, transcode), transcode }));
  } catch (err) {
    await removeQuietly(ctx.store.files, keys, ctx.log);
    // The row still points to the old files: they are committed again.
    await commitQuietly(ctx.store.files, released, ctx.log);
    throw err;
  }
  await commitQuietly(ctx.store.files, keys, ctx.log);
  // As the write read them: a rendition recorded just before it is removed too.
  await removeQuietly(ctx.store.files, storedKeys(replaced.before), ctx.log);
  if (replaced.after.status === 'processing') ctx.jobQueued();
  return { message: notice ?? MEDIA_MESSAGES.updated, ...(await getMedia(ctx, id)) };
}

/** The media type a replacement file must be, known before its bytes are read; 404 for an item the caller cannot see. */
export async function replaceableType(ctx: GalleryContext, id: number): Promise<MediaType> {
  const row = await findVisibleMedia(ctx.db, ctx.scope, id);
  if (!row) throw AppError.notFound(MEDIA_MESSAGES.notFound);
  return row.media_type as MediaType;
}
