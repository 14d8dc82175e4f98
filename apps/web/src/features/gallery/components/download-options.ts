import { MEDIA_MESSAGES, VIDEO_RESOLUTION_NAMES, type MediaItem } from '@app/shared/schemas/media.schema';

/** One choice of the download dialog: a resolution of a video, or the original file. */
export interface DownloadChoice {
  /** '360p', '720p', '1080p', or 'original'. */
  name: string;
  url: string;
  /** Its size in bytes, where the server knows it. */
  size: number | null;
}

export type DownloadItem = Pick<MediaItem, 'media_type' | 'status' | 'status_reason' | 'resolution_urls' | 'resolution_sizes' | 'original_url' | 'size_bytes'>;

/** The resolutions a video has so far, lowest first, in the order the server makes them. */
export function videoResolutions(item: Pick<MediaItem, 'resolution_urls'> & Partial<Pick<MediaItem, 'resolution_sizes'>>): DownloadChoice[] {
  return VIDEO_RESOLUTION_NAMES.filter((name) => item.resolution_urls[name]).map((name) => ({ name, url: item.resolution_urls[name]!, size: item.resolution_sizes?.[name] ?? null }));
}

/** What the dialog offers: a video's resolutions (lowest first: cheapest on a slow link), then the original. */
export function downloadChoices(item: DownloadItem): DownloadChoice[] {
  const original = { name: 'original', url: item.original_url, size: item.size_bytes };
  return item.media_type === 'video' ? [...videoResolutions(item), original] : [original];
}

/**
 * What the dialog says above the choices, or null. A video without resolutions says they are still
 * being processed and only the original is available (spec section 2) — unless the server has said
 * why there will be none (a failed transcode, a server without ffmpeg): then that reason, since
 * "still being processed" would promise something that is not coming.
 */
export function downloadNotice(item: DownloadItem): string | null {
  if (item.media_type !== 'video' || videoResolutions(item).length > 0) return null;
  if (item.status === 'processing') return MEDIA_MESSAGES.stillProcessing;
  return item.status_reason || MEDIA_MESSAGES.stillProcessing;
}
