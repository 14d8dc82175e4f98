import { MEDIA_TYPES } from '@app/shared/constants';
import { isoDate } from '@app/shared/schemas/common.schema';
import { MEDIA_MESSAGES } from '@app/shared/schemas/media.schema';
import type { ListParams, ListSpec } from '../../../components/list/list-params.ts';
import { isSiteId } from '../../../components/site-options.tsx';

export type GalleryFilter = 'site_id' | 'orphan_id' | 'media_type' | 'date_from' | 'date_to';
export type GalleryListParams = ListParams<GalleryFilter>;

const isDate = (value: string) => isoDate.safeParse(value).success;
const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);

/** Grid sizes: whole rows of 2, 3 and 4 cards. */
export const GALLERY_PAGE_SIZES = [12, 24, 48, 96] as const;

/**
 * The gallery's URL: the site, the child, the media type and the date range GET /galleries accepts, so a
 * reload, Back or a link from a child's details opens the same media. A backwards range is said
 * beside the To date and never sent (the server would refuse it with a 422).
 */
export const GALLERY_LIST: ListSpec<GalleryFilter> = {
  filters: { site_id: isSiteId, orphan_id: isId, media_type: (v) => (MEDIA_TYPES as readonly string[]).includes(v), date_from: isDate, date_to: isDate },
  check: ({ date_from: from, date_to: to }) => (from && to && from > to ? { date_to: MEDIA_MESSAGES.dateRangeInvalid } : {}),
  pageSizes: GALLERY_PAGE_SIZES,
};

/** The gallery filtered to one child: where a child's details link to. */
export function galleryPathFor(orphanId: number | string): string {
  return `/dashboard/gallery?orphan_id=${encodeURIComponent(String(orphanId))}`;
}
