import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** Image types accepted for photos, decided by content (magic bytes), never by name or declared type. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const DISPLAY_MAX_PX = 1600;
export const THUMB_MAX_PX = 320;
/** Refuse decompression bombs: a 10 MB file may still claim a huge canvas. */
const MAX_INPUT_PIXELS = 60_000_000;

export async function detectImageType(data: Buffer): Promise<string | null> {
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
 */
export async function processImage(data: Buffer): Promise<ProcessedImage | null> {
  try {
    const base = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'error' }).rotate();
    const [display, thumb] = await Promise.all([
      base.clone().resize(DISPLAY_MAX_PX, DISPLAY_MAX_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      base.clone().resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
    ]);
    return { display, thumb, suffix: '.webp', contentType: 'image/webp' };
  } catch {
    return null;
  }
}
