import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';
import type { OrphanDetails, OrphanResponse } from '@app/shared/schemas/orphan.schema';

/** GET /orphans/{id} — the orphan is in `data`. */
export async function getOrphan(id: number | string, signal?: AbortSignal): Promise<OrphanDetails> {
  const body = await api.get<OrphanResponse>(`/orphans/${encodeURIComponent(String(id))}`, { signal });
  return body.data;
}

export function orphanQuery(id: number | string) {
  return queryOptions({
    queryKey: orphanKeys.detail(id),
    queryFn: ({ signal }) => getOrphan(id, signal),
  });
}

export function useOrphan(id: number | string | undefined) {
  return useQuery({ ...orphanQuery(id ?? ''), enabled: id !== undefined && id !== '' });
}
