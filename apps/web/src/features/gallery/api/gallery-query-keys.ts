import type { GalleryListParams } from '../components/gallery-list-spec.ts';

/** A child's media between two dates (either may be left open). */
export interface DateRange {
  date_from?: string;
  date_to?: string;
}

/**
 * Query keys of the gallery, in one place so that an upload, edit or delete refreshes every list
 * page and every child's media strip (spec section 7: "on success refreshes orphan-media and
 * galleries").
 */
export const galleryKeys = {
  all: ['galleries'] as const,
  lists: () => [...galleryKeys.all, 'list'] as const,
  list: (params: GalleryListParams) => [...galleryKeys.lists(), params] as const,
  orphanMedia: () => ['orphan-media'] as const,
  orphanMediaOf: (orphanId: number | string, range: DateRange = {}) =>
    [...galleryKeys.orphanMedia(), String(orphanId), range] as const,
};
