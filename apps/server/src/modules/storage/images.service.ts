import type Sharp from 'sharp';
import { WorkQueue } from './work-queue.ts';

/** Image types accepted for photos, decided by content (magic bytes), never by name or declared type. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const DISPLAY_MAX_PX = 1600;
export const THUMB_MAX_PX = 320;
/** Refuse decompression bombs: a 10 MB file may still claim a huge canvas. */
const MAX_INPUT_PIXELS = 60_000_000;

/*
 * Memory, not speed, is what large photos cost: a dozen huge PNGs decoded at once multiply the
 * server's memory. So: one image at a time (the queue), one libvips thread per image, and no
 * libvips operation cache — each photo is decoded once and never again, so a cache only holds
 * memory. Two images at a time finish more photos under the staff load but take both cores from
 * the requests, whose waits grow. Figures: docs/benchmarks/2026-11-23-image-memory.md, 2026-11-24-staff-load.md.
 */
function configured(sharp: typeof Sharp): typeof Sharp {
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
}
// Loaded with the first photo, not at start: libvips holds memory once loaded,
// and an idle server (or one that never receives a photo) has no use for it (decision 0020).
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => configured(m.default)));

/**
 * Uploads waiting for their turn hold their bytes, so the waiting room is bounded by those bytes
 * (a hundred phone photos, or six 10 MB files), not by their number: a count bound refused the
 * uploaders of the staff load while holding more bytes than this one. Beyond it,
 * 429 with the expected wait as Retry-After. The count bound is for callers that hold next to
 * nothing while they wait.
 */
export const imageQueue = new WorkQueue({ concurrency: 1, maxWaitingBytes: 64 * 1024 * 1024, maxWaiting: 64 });

/**
 * Other image work (a report's photo) with the same sharp, on the same queue: one image decoded at
 * a time in the whole process; `bytes` held while it waits count against the waiting room as an
 * upload's do (a full one is a 429).
 */
export function withSharp<T>(work: (sharp: typeof Sharp) => Promise<T>, bytes: number): Promise<T> {
  return imageQueue.run(async () => work(await loadSharp()), bytes);
}

export async function detectImageType(data: Buffer): Promise<string | null> {
  // Loaded with the first upload, like sharp: a few MB that idle does not need.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  return type && (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime) ? type.mime : null;
}

export interface ProcessedImage {
  display: Buffer;
  thumb: Buffer;
  /** File suffix of both versions. */
  suffix: '.webp';
  contentType: 'image/webp';
}

/**
 * A display version and a thumbnail: rotated upright by the EXIF orientation, then written
 * without any metadata (EXIF, GPS position, ICC comments) — sharp drops metadata unless asked
 * to keep it. An animated GIF gives its first frame. Returns null if the bytes do not decode.
 * The original is decoded once; the thumbnail is made from the display version.
 */
export function processImage(data: Buffer): Promise<ProcessedImage | null> {
  return imageQueue.run(async () => {
    const sharp = await loadSharp();
    try {
      const display = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'error' })
        .rotate()
        .resize(DISPLAY_MAX_PX, DISPLAY_MAX_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      const thumb = await sharp(display).resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
      return { display, thumb, suffix: '.webp', contentType: 'image/webp' } as const;
    } catch {
      return null;
    }
  }, data.length);
}

/** An image's kept original, written again without its metadata. */
export interface CleanedImage {
  bytes: Buffer;
  mime: string;
  /** Its file-name extension, for when the format had to change. */
  ext: string;
}

type SharpImage = ReturnType<typeof Sharp>;

/** The formats an original is written back in as it came; any other (a BMP, say) becomes PNG, which loses nothing. */
const KEPT_FORMATS: Record<string, { mime: string; ext: string; write: (image: SharpImage) => SharpImage }> = {
  jpeg: { mime: 'image/jpeg', ext: '.jpg', write: (i) => i.jpeg({ quality: 92 }) },
  png: { mime: 'image/png', ext: '.png', write: (i) => i.png() },
  webp: { mime: 'image/webp', ext: '.webp', write: (i) => i.webp({ quality: 90 }) },
  gif: { mime: 'image/gif', ext: '.gif', write: (i) => i.gif() },
  tiff: { mime: 'image/tiff', ext: '.tif', write: (i) => i.tiff({ compression: 'lzw' }) },
  heif: { mime: 'image/avif', ext: '.avif', write: (i) => i.avif({ quality: 70 }) },
};

/**
 * A gallery photo's kept original without anything that could tell where or by whom it was taken:
 * decoded and written again, turned upright by its EXIF orientation first (the tag goes with the
 * rest), with no EXIF, GPS, XMP, IPTC, comments or colour-profile text — sharp writes none unless
 * asked. Full size, in its own format where sharp writes it. An animated GIF or WebP keeps its
 * frames (such files carry no orientation). Null if the bytes do not decode.
 */
export function cleanOriginal(data: Buffer): Promise<CleanedImage | null> {
  return imageQueue.run(async () => {
    const sharp = await loadSharp();
    try {
      const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
      const kept = KEPT_FORMATS[meta.format ?? ''] ?? KEPT_FORMATS.png!;
      const animated = (meta.pages ?? 1) > 1 && (meta.format === 'gif' || meta.format === 'webp');
      const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', ...(animated ? { animated: true } : { pages: 1 }) });
      const bytes = await kept.write(animated ? image : image.rotate()).toBuffer();
      return { bytes, mime: kept.mime, ext: kept.ext };
    } catch {
      return null;
    }
  }, data.length);
}
