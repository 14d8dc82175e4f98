import { pipeline, Readable, Transform } from 'node:stream';
import type { MediaType } from '@app/shared/schemas/media.schema';
import { MEDIA_MESSAGES, mediaTooLargeMessage, mediaTypeMismatchMessage } from '@app/shared/schemas/media.schema';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../storage/file-storage.types.ts';
import { newStorageKey } from '../storage/storage.service.ts';

/*
 * What a gallery file is, decided by its bytes against the media type the uploader chose,
 * never by its name or the type the browser claimed. SVG is refused as an image (it
 * is a document that can carry script), and so is anything file-type cannot name as image/* or
 * video/*. Documents are PDF, Word (.doc, .docx) or plain UTF-8 text that does not open like
 * markup.
 */

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Old Word files are OLE compound files; so are old Excel files and installers, hence the name check. */
const CFB = 'application/x-cfb';
const DOC = 'application/msword';
const TEXT = 'text/plain';
/** Text that a browser would take for markup if it were ever sniffed: refused as a .txt document. */
const MARKUP_START = /^\s*<(!doctype|html|head|body|svg|script|\?xml|iframe|object|embed)\b/i;
const TEXT_SAMPLE_BYTES = 64 * 1024;

export const GALLERY_FOLDER = 'gallery';

/** The kind of a stored file as found in its bytes, or a 422 naming what it is instead. */
export async function sniffMediaType(files: FileStorage, key: string, mediaType: MediaType, fileName: string): Promise<string> {
  const found = await detect(files, key);
  const mime = found ?? (await plainText(files, key)) ?? null;
  const describe = mime === TEXT ? 'plain text' : mime ? `of type ${mime}` : 'of an unknown type (HTML, SVG or other text or data)';
  const refuse = () => AppError.validation('file', mediaTypeMismatchMessage(mediaType, describe));
  if (!mime) throw refuse();
  switch (mediaType) {
    case 'image':
      if (!mime.startsWith('image/') || mime.includes('svg')) throw refuse();
      return mime;
    case 'video':
      if (!mime.startsWith('video/')) throw refuse();
      return mime;
    case 'document':
      if (mime === 'application/pdf' || mime === DOCX || mime === TEXT) return mime;
      if (mime === CFB && /\.doc$/i.test(fileName)) return DOC;
      throw refuse();
  }
}

async function detect(files: FileStorage, key: string): Promise<string | null> {
  // Loaded with the first upload (decision 0020: what idle does not need is not loaded at start).
  const { fileTypeFromStream } = await import('file-type');
  const stream = await files.open(key);
  if (!stream) return null;
  try {
    return (await fileTypeFromStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>))?.mime ?? null;
  } finally {
    stream.destroy();
  }
}

/** 'text/plain' when the file starts as UTF-8 text without NUL bytes or a markup opening. */
async function plainText(files: FileStorage, key: string): Promise<string | null> {
  const stream = await files.open(key, { start: 0, end: TEXT_SAMPLE_BYTES - 1 });
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  let sample = Buffer.concat(chunks);
  // A sample cut inside a multi-byte character is still text: drop an incomplete last character.
  if (sample.length === TEXT_SAMPLE_BYTES) {
    let cut = sample.length;
    while (cut > sample.length - 4 && cut > 0 && (sample[cut - 1]! & 0xc0) === 0x80) cut--;
    if (cut > 0 && sample[cut - 1]! >= 0xc0) cut--;
    sample = sample.subarray(0, cut);
  }
  if (sample.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
  } catch {
    return null;
  }
  return MARKUP_START.test(text.replace(/^\uFEFF/, '')) ? null : TEXT;
}

/** Counts bytes through and fails the stream as soon as they pass `max` (413 with the type's limit). */
function byteLimit(max: number, mediaType: MediaType | null, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counted.bytes += chunk.length;
      if (counted.bytes > max) done(tooLarge(mediaType, max));
      else done(null, chunk);
    },
  });
}

export function tooLarge(mediaType: MediaType | null, max: number): AppError {
  return new AppError(413, mediaType ? mediaTooLargeMessage(mediaType, max) : `The file may not be larger than ${Math.round(max / 1024 / 1024)} MB.`);
}

/** A fresh storage key for a gallery file (a resumable upload names it before storing, to find its row after a crash). */
export const newGalleryKey = (): string => newStorageKey(GALLERY_FOLDER, '');

/**
 * Stream an upload into the storage under a fresh key (or `key`), never whole in memory. The stored file is
 * uncommitted (storage/uncommitted-files.ts) until the row pointing to it commits: an upload cut
 * off, refused or interrupted by a crash leaves nothing once the sweep has run. Throws 413 past
 * `max`; removes what it stored when anything fails.
 */
export async function receiveFile(files: FileStorage, source: Readable, max: number, mediaType: MediaType | null, key = newGalleryKey()): Promise<{ key: string; size: number }> {
  const counted = { bytes: 0 };
  try {
    // pipeline: a source that fails (a dropped connection) fails the counter, and so the put; a
    // counter that fails (too large) stops the source.
    const limited = byteLimit(max, mediaType, counted);
    pipeline(source, limited, () => {});
    await files.put(key, limited);
  } catch (err) {
    source.destroy();
    await files.remove(key).catch(() => {});
    throw err;
  }
  return { key, size: counted.bytes };
}

/** The checks every finished upload passes, multipart or resumable: not empty, within the type's limit. */
export function checkSize(size: number, mediaType: MediaType, maxBytes: Record<MediaType, number>): void {
  if (size === 0) throw AppError.validation('file', MEDIA_MESSAGES.fileEmpty);
  if (size > maxBytes[mediaType]) throw tooLarge(mediaType, maxBytes[mediaType]);
}
