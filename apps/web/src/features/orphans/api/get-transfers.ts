import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transfer, TransfersResponse } from '@app/shared/schemas/orphan.schema';
import { api } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';

/** GET /orphans/{id}/transfers: the child's moves between sites, latest first. */
export async function getTransfers(orphanId: number, signal?: AbortSignal): Promise<Transfer[]> {
  const body = await api.get<TransfersResponse>(`/orphans/${orphanId}/transfers`, { signal });
  return body.data;
}

export function transfersQuery(orphanId: number) {
  return queryOptions({ queryKey: orphanKeys.transfers(orphanId), queryFn: ({ signal }) => getTransfers(orphanId, signal) });
}

export function useTransfers(orphanId: number) {
  return useQuery(transfersQuery(orphanId));
}
