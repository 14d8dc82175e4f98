import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Result, ResultResponse } from '@app/shared/schemas/result.schema';
import { api } from '../../../lib/api-client.ts';
import { resultKeys } from './result-query-keys.ts';

/** GET /results/{id} — the result is in `data`. */
export async function getResult(id: number | string, signal?: AbortSignal): Promise<Result> {
  const body = await api.get<ResultResponse>(`/results/${encodeURIComponent(String(id))}`, { signal });
  return body.data;
}

export function resultQuery(id: number | string) {
  return queryOptions({ queryKey: resultKeys.detail(id), queryFn: ({ signal }) => getResult(id, signal) });
}

export function useResult(id: number | string | undefined) {
  return useQuery({ ...resultQuery(id ?? ''), enabled: id !== undefined && id !== '' });
}
