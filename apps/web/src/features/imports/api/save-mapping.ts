import type { ImportPreview } from '@app/shared/schemas/import.schema';
import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { IMPORTS } from './import-query-keys.ts';

/** PUT /imports/{id}/mapping: every row checked again; the answer is the new preview. */
export function useSaveMapping() {
  return useResourceWrite(IMPORTS, ({ id, mapping }: { id: number; mapping: (string | null)[] }) => api.put<ImportPreview>(`/imports/${id}/mapping`, { mapping }));
}
