import { removeQuietly } from '../storage/storage.service.ts';
import type { FinishedUploads, SavedUpload, SavingUpload } from './finished-uploads.ts';
import { findMediaIdByFile } from './gallery.repository.ts';
import type { GalleryContext } from './gallery.service.ts';

/**
 * A resumable upload whose save was cut off (its server process killed between the last byte and
 * the answer; decision 0038): nobody will finish it, and left alone its HEAD would answer 423
 * ("still saving") until the record expired a day later, the page retrying all along. Resolved on
 * start-up and on the next HEAD, from what the database says:
 *
 * - the media row pointing to the file's key committed: the upload became that item — recorded as
 *   saved, so the HEAD names it and the page finishes as if the last answer had arrived;
 * - it did not: the file stored for it is a stray (removed here; its image copies go with the
 *   start-up sweep of uncommitted files) and the received bytes are dropped, so the HEAD answers
 *   404 and tus-js-client sends the file again as a new upload.
 *
 * Each step can be repeated: a second crash in the middle leaves a record the next look resolves.
 */
export async function resolveInterrupted(
  ctx: Pick<GalleryContext, 'db' | 'store' | 'log'>,
  outcomes: FinishedUploads,
  removeReceived: (id: string) => Promise<void>,
  id: string,
  saving: SavingUpload,
): Promise<SavedUpload | null> {
  const mediaId = await findMediaIdByFile(ctx.db, saving.file_key);
  if (mediaId !== undefined) {
    const saved: SavedUpload = { state: 'saved', media_id: mediaId, size: saving.size, uploaded_by: saving.uploaded_by };
    await outcomes.record(id, saved);
    await removeReceived(id);
    ctx.log.info({ upload: id, media: mediaId }, 'resumable upload: an interrupted save had committed; its item is kept');
    return saved;
  }
  await removeQuietly(ctx.store.files, [saving.file_key], ctx.log);
  await removeReceived(id);
  await outcomes.forget(id);
  ctx.log.info({ upload: id }, 'resumable upload: an interrupted save had not committed; the page will send the file again');
  return null;
}
