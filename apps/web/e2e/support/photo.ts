import sharp from 'sharp';

/** A file as setInputFiles takes it from memory. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A plain-coloured JPEG photo to upload: setInputFiles takes it as it is, so no file is written
 * and none is left to clean up.
 */
export async function jpegPhoto(name: string, width: number, height: number, background: { r: number; g: number; b: number }): Promise<FilePayload> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 80 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}
