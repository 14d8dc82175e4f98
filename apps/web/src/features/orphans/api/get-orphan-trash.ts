import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@app/shared/schemas/common.schema';
import { api } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';
import type { TrashedOrphanListItem } from '@app/shared/schemas/orphan.schema';

export interface OrphanTrashParams {
  page: number;
  per_page: number;
  search?: string;
}

/** GET /orphans/trash — children moved to the trash, paged. */
export function getOrphanTrash(params: OrphanTrashParams, signal?: AbortSignal): Promise<Paged<TrashedOrphanListItem>> {
  return api.get<Paged<TrashedOrphanListItem>>('/orphans/trash', { params: { ...params }, signal });
}

export function orphanTrashQuery(params: OrphanTrashParams) {
  return queryOptions({
    queryKey: orphanKeys.trashList(params),
    queryFn: ({ signal }) => getOrphanTrash(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrphanTrash(params: OrphanTrashParams) {
  return useQuery(orphanTrashQuery(params));
}
