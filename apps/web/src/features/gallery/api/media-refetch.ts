import { SIGNED_URL_TTL_SECONDS } from '@app/shared/constants';
import type { MediaItem } from '@app/shared/schemas/media.schema';

/** While a video is being transcoded its card and download dialog follow it without a reload. */
export const PROCESSING_POLL_MS = 5_000;
/**
 * Every file URL lives at least SIGNED_URL_TTL_SECONDS (the server may hand out one signed a
 * minute earlier); a screen left open reloads its list well before they expire, so a click on an
 * old card still downloads.
 */
export const SIGNED_URL_REFRESH_MS = (SIGNED_URL_TTL_SECONDS / 2) * 1000;

export function mediaRefetchInterval(items: readonly Pick<MediaItem, 'status'>[] | undefined): number {
  return items?.some((item) => item.status === 'processing') ? PROCESSING_POLL_MS : SIGNED_URL_REFRESH_MS;
}
