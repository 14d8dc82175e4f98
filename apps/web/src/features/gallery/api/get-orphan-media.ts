import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaItem, OrphanMediaResponse } from '@app/shared/schemas/media.schema';
import { api } from '../../../lib/api-client.ts';
import { galleryKeys, type DateRange } from './gallery-query-keys.ts';
import { mediaRefetchInterval } from './media-refetch.ts';

/** GET /orphans/{id}/media?date_from&date_to — the child's media, newest first (spec section 7: media.data). */
export async function getOrphanMedia(orphanId: number | string, range: DateRange = {}, signal?: AbortSignal): Promise<MediaItem[]> {
  const body = await api.get<OrphanMediaResponse>(`/orphans/${encodeURIComponent(String(orphanId))}/media`, { params: { ...range }, signal });
  return body.media.data;
}

export function orphanMediaQuery(orphanId: number | string, range: DateRange = {}) {
  return queryOptions({
    queryKey: galleryKeys.orphanMediaOf(orphanId, range),
    queryFn: ({ signal }) => getOrphanMedia(orphanId, range, signal),
    refetchInterval: (query) => mediaRefetchInterval(query.state.data),
  });
}

export function useOrphanMedia(orphanId: number | string, range?: DateRange) {
  return useQuery(orphanMediaQuery(orphanId, range));
}
