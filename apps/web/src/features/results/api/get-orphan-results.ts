import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrphanResultsResponse } from '@app/shared/schemas/result.schema';
import { api } from '../../../lib/api-client.ts';
import { resultKeys } from './result-query-keys.ts';

export type OrphanResults = OrphanResultsResponse['data'];

/** GET /orphans/{id}/results — the child's results by year and term, with averages per type. */
export async function getOrphanResults(orphanId: number | string, signal?: AbortSignal): Promise<OrphanResults> {
  const body = await api.get<OrphanResultsResponse>(`/orphans/${encodeURIComponent(String(orphanId))}/results`, { signal });
  return body.data;
}

export function useOrphanResults(orphanId: number | string) {
  return useQuery(queryOptions({ queryKey: resultKeys.summary(orphanId), queryFn: ({ signal }) => getOrphanResults(orphanId, signal) }));
}
