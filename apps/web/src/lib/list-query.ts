import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { api, type QueryParams } from './api-client.ts';

/**
 * The query options of a list at `path` for a screen's params, kept under `key(params)`: the
 * one way each list's fetcher is written. The api client leaves empty values out of the query
 * string; `read` takes from the answer what the screen reads (the spec's data.data and data.meta
 * for pages and contacts), the whole answer otherwise.
 */
export function listQuery<P extends object, A, R = A>(path: string, key: (params: P) => QueryKey, read: (answer: A) => R = (answer) => answer as unknown as R) {
  return (params: P) =>
    queryOptions({
      queryKey: key(params),
      // The params are the screen's filters and page: strings and numbers by their names.
      queryFn: async ({ signal }) => read(await api.get<A>(path, { params: { ...params } as QueryParams, signal })),
    });
}
