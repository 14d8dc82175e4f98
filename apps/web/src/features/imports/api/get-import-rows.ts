import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportRowsPage } from '@app/shared/schemas/import.schema';
import { api } from '../../../lib/api-client.ts';
import { importKeys } from './import-query-keys.ts';

/** GET /imports/{id}/rows: a page of the staged rows with their errors (or only those with errors). */
export function importRowsQuery(id: number, page: number, errorsOnly: boolean) {
  return queryOptions({
    queryKey: importKeys.rows(id, page, errorsOnly),
    queryFn: ({ signal }) => api.get<ImportRowsPage>(`/imports/${id}/rows`, { signal, params: { page, errors_only: errorsOnly ? 'true' : undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useImportRows(id: number, page: number, errorsOnly: boolean) {
  return useQuery(importRowsQuery(id, page, errorsOnly));
}
