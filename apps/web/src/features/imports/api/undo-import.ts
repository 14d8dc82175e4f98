import type { ImportUndoResponse } from '@app/shared/schemas/import.schema';
import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { IMPORTS } from './import-query-keys.ts';

/** POST /imports/{id}/undo: what the import added removed, what it changed put back — or nothing, with the records named. */
export function useUndoImport() {
  return useResourceWrite(IMPORTS, (id: number) => api.post<ImportUndoResponse>(`/imports/${id}/undo`));
}
