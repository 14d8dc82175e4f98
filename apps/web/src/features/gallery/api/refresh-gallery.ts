import type { QueryClient } from '@tanstack/react-query';
import { galleryKeys } from './gallery-query-keys.ts';

/** After any change to a media item: every gallery page and every child's media strip. */
export function refreshGallery(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: galleryKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: galleryKeys.orphanMedia() }),
  ]);
}
