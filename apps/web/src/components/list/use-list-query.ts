import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ListParams } from './list-params.ts';
import type { ListState } from './use-list-state.ts';

/**
 * Fetch a list for its state, with the feature's own query options (`usersQuery(params)`): waits
 * for the default page size, and keeps the current page on screen while the next one loads (on a
 * slow link the table should not blink empty between pages or keystrokes).
 */
export function useListQuery<F extends string, TData, TKey extends QueryKey>(
  list: Pick<ListState<F>, 'query' | 'ready'>,
  options: (params: ListParams<F>) => UseQueryOptions<TData, Error, TData, TKey>,
) {
  return useQuery({ ...options(list.query), enabled: list.ready, placeholderData: keepPreviousData });
}
