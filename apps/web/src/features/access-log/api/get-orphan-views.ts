import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadLogPage } from '@app/shared/schemas/read-log.schema';
import { api } from '../../../lib/api-client.ts';
import { accessLogKeys } from './access-log-query-keys.ts';

export const VIEWS_PER_PAGE = 10;

/** GET /orphans/{id}/views: who read this child's record, its files and reports, newest first. */
export function getOrphanViews(orphanId: number, page: number, signal?: AbortSignal): Promise<ReadLogPage> {
  return api.get<ReadLogPage>(`/orphans/${orphanId}/views`, { params: { page, per_page: VIEWS_PER_PAGE }, signal });
}

export function useOrphanViews(orphanId: number, page: number) {
  return useQuery(
    queryOptions({
      queryKey: accessLogKeys.views(orphanId, page),
      queryFn: ({ signal }) => getOrphanViews(orphanId, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
