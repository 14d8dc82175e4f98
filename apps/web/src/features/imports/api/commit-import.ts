import type { ImportCommitBody, ImportCommitResponse } from '@app/shared/schemas/import.schema';
import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { IMPORTS } from './import-query-keys.ts';

/** POST /imports/{id}/commit: all the kept rows stored, or none. */
export function useCommitImport() {
  return useResourceWrite(IMPORTS, ({ id, body }: { id: number; body: ImportCommitBody }) => api.post<ImportCommitResponse>(`/imports/${id}/commit`, body));
}
