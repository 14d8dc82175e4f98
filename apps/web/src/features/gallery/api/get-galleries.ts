import { queryOptions, skipToken } from '@tanstack/react-query';
import type { MediaPage } from '@app/shared/schemas/media.schema';
import { api } from '../../../lib/api-client.ts';
import { galleryKeys } from './gallery-query-keys.ts';
import { mediaRefetchInterval } from './media-refetch.ts';
import type { GalleryListParams } from '../components/gallery-list-spec.ts';

/** GET /galleries — the api client leaves empty filter values out of the query string. */
export function getGalleries(params: GalleryListParams, signal?: AbortSignal): Promise<MediaPage> {
  return api.get<MediaPage>('/galleries', { params: { ...params }, signal });
}

export function galleriesQuery(params: GalleryListParams) {
  return queryOptions({
    queryKey: galleryKeys.list(params),
    // The gallery shows one child's media: nothing is asked until a child is chosen.
    queryFn: params.orphan_id ? ({ signal }) => getGalleries(params, signal) : skipToken,
    refetchInterval: (query) => mediaRefetchInterval(query.state.data?.data),
  });
}
