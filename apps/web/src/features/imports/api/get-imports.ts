import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportList } from '@app/shared/schemas/import.schema';
import { api } from '../../../lib/api-client.ts';
import { importKeys } from './import-query-keys.ts';

/** GET /imports: past imports of the user's sites, newest first. */
export function importsQuery(page: number) {
  return queryOptions({
    queryKey: importKeys.history(page),
    queryFn: ({ signal }) => api.get<ImportList>('/imports', { signal, params: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useImports(page: number) {
  return useQuery(importsQuery(page));
}
