import type { ImportKind, ImportPreview } from '@app/shared/schemas/import.schema';
import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { IMPORTS } from './import-query-keys.ts';

export interface UploadInput {
  kind: ImportKind;
  siteId: string;
  file: File;
}

/** POST /imports (multipart): the file read, checked and staged; the answer is the preview. */
export function useUploadImport() {
  return useResourceWrite(IMPORTS, ({ kind, siteId, file }: UploadInput) => api.sendForm<ImportPreview>('/imports', { kind, site_id: siteId || undefined, file }));
}
