import { MEDIA_MESSAGES, type MediaType } from '@app/shared/schemas/media.schema';
import { AppError } from '../../lib/app-error.ts';
import { cleanOriginal, processImage } from '../storage/images.service.ts';
import { newStorageKey, readStoredFile } from '../storage/storage.service.ts';
import type { NewMediaRecord } from './gallery.repository.ts';
import type { GalleryContext, ReceivedUpload } from './gallery.service.ts';
import { GALLERY_FOLDER, checkSize, sniffMediaType } from './media-content.ts';
import { cleanStoredDocument } from './document-cleaner.ts';
import { checkVideo } from './received-video.ts';

/*
 * The checks every received file passes before a row may point to it — a new upload (multipart
 * or resumable) and a replaced file alike: its size against the type's limit, its content against
 * the media type; an image's display size and thumbnail, stored beside it, and its original
 * written again without metadata; a video within the limits and without metadata (received-video.ts);
 * a document without its properties (document-cleaner.ts).
 */

const IMAGE_UNREADABLE = 'The image could not be read: it is damaged, or larger than 60 megapixels.';

/** What a checked file puts in its row. */
export interface CheckedFile {
  mime: string;
  /** The stored original's size: the upload's, or less once its metadata is gone. */
  size: number;
  /** The original's extension when its format changed on the way (a BMP kept as PNG), else null. */
  ext: string | null;
  display_path: string | null;
  thumb_path: string | null;
  /** What the uploader is told about a file kept with its metadata (a document that could not be cleaned). */
  notice: string | null;
}

/**
 * Check a stored (uncommitted) file for `mediaType`: 413 past its limit, 422 for an empty file or
 * content of another kind. Every key it stores is pushed to `keys` as soon as it exists, so the
 * caller removes them all when anything after fails.
 */
export async function checkReceivedFile(ctx: GalleryContext, file: ReceivedUpload, mediaType: MediaType, keys: string[]): Promise<CheckedFile> {
  checkSize(file.size, mediaType, ctx.config.maxBytes);
  const mime = await sniffMediaType(ctx.store.files, file.key, mediaType, file.fileName);
  if (mediaType === 'video') return { ...(await checkVideo(ctx, file, mime)), display_path: null, thumb_path: null, notice: null };
  if (mediaType === 'document') {
    const cleaned = await cleanStoredDocument(ctx.config, ctx.store.files, file.key, mime);
    return { mime, size: cleaned.size ?? file.size, ext: null, display_path: null, thumb_path: null, notice: cleaned.notice };
  }
  // Images are at most tens of MB; the image queue bounds how many are decoded at once.
  const bytes = await readStoredFile(ctx.store.files, file.key);
  if (!bytes) throw new Error(`stored upload ${file.key} vanished`);
  const image = await processImage(bytes);
  const original = image && (await cleanOriginal(bytes));
  if (!image || !original) throw AppError.validation('file', IMAGE_UNREADABLE);
  const display = newStorageKey(GALLERY_FOLDER, image.suffix);
  const thumb = display.replace(/(\.[a-z]+)$/, '-thumb$1');
  keys.push(display, thumb);
  await ctx.store.files.put(display, image.display);
  await ctx.store.files.put(thumb, image.thumb);
  // The upload's own bytes replaced under the same key (atomically; still uncommitted): no copy with its metadata is kept.
  await ctx.store.files.put(file.key, original.bytes);
  return { mime: original.mime, size: original.bytes.length, ext: original.mime === mime ? null : original.ext, display_path: display, thumb_path: thumb, notice: null };
}

/**
 * The row's columns for a checked file: a video to transcode starts 'processing' (its job is
 * queued with the row); one this server cannot transcode is ready as it is, saying why.
 */
export function fileColumns(file: ReceivedUpload, checked: CheckedFile, mediaType: MediaType, transcode: boolean) {
  return {
    file_name: withExtension(safeFileName(file.fileName), checked.ext),
    mime_type: checked.mime,
    size_bytes: checked.size,
    file_path: file.key,
    display_path: checked.display_path,
    thumb_path: checked.thumb_path,
    status: transcode ? 'processing' : 'ready',
    status_reason: mediaType === 'video' && !transcode ? MEDIA_MESSAGES.noTranscoder : checked.notice,
  } satisfies Partial<NewMediaRecord>;
}

/** The name with its extension changed to `ext` (a file whose format changed), or as it is. */
function withExtension(name: string, ext: string | null): string {
  if (!ext) return name;
  return `${name.replace(/\.[a-z0-9]{1,8}$/i, '')}${ext}`.slice(-255);
}

/** The uploaded name kept for the record: its last path segment, printable, at most 255 characters. */
function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'file').slice(-255);
}
