import { queryOptions } from '@tanstack/react-query';
import type { ResultListResponse } from '@app/shared/schemas/result.schema';
import { api } from '../../../lib/api-client.ts';
import { resultKeys, type ResultListFilters } from './result-query-keys.ts';

/** GET /results — the whole filtered list (paged in the browser, spec section 7); empty filters are left out. */
export function getResults(filters: ResultListFilters, signal?: AbortSignal): Promise<ResultListResponse> {
  return api.get<ResultListResponse>('/results', { params: { ...filters }, signal });
}

export function resultsQuery(filters: ResultListFilters) {
  return queryOptions({
    queryKey: resultKeys.list(filters),
    queryFn: ({ signal }) => getResults(filters, signal),
  });
}
