import type { MediaListQuery } from '@app/shared/schemas/media.schema';
import { KeptAnswers } from '../../lib/kept-answers.ts';
import { listMedia, type GalleryContext } from './gallery.service.ts';

/**
 * Gallery list pages kept as the JSON sent (decision 0034), at the sum of `media_version`
 * (migration 0022: an upload, an edit, a finished transcode, a delete) and `orphans_version` (a
 * child renamed, trashed or restored), in any process. The answer holds signed URLs, the same
 * for every reader within one signing window (UrlSigner.expiresFor): the window is in the key, so
 * a kept page is never sent after its window and no URL in it has less than the signer's TTL left
 * (less the minute a signed URL is reused, gallery.service.ts).
 */
const kept = new KeptAnswers(['media_version', 'orphans_version'], { entries: 2_000, bytes: 32 * 1024 * 1024 });

/** `GET /galleries` as the JSON sent. */
export function galleryPageJson(ctx: GalleryContext, q: MediaListQuery): Promise<Buffer> {
  const window = ctx.store.signer.expiresFor(Date.now());
  const key = JSON.stringify([window, q.orphan_id, q.media_type, q.date_from, q.date_to, q.tags, q.per_page, q.page]);
  return kept.json(ctx, key, () => listMedia(ctx, q));
}
