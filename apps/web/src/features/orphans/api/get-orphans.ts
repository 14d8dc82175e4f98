import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@app/shared/schemas/common.schema';
import { api } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import type { OrphanListParams } from './orphan-types.ts';

/** GET /orphans — the api client leaves empty filter values out of the query string. */
export function getOrphans(params: OrphanListParams, signal?: AbortSignal): Promise<Paged<OrphanListItem>> {
  return api.get<Paged<OrphanListItem>>('/orphans', { params: { ...params }, signal });
}

export function orphansQuery(params: OrphanListParams) {
  return queryOptions({
    queryKey: orphanKeys.list(params),
    queryFn: ({ signal }) => getOrphans(params, signal),
    // Keep the current page on screen while the next one loads: on a slow link the table
    // should not blink empty between pages or keystrokes.
    placeholderData: keepPreviousData,
  });
}

export function useOrphans(params: OrphanListParams) {
  return useQuery(orphansQuery(params));
}
