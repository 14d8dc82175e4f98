import { useMutation } from '@tanstack/react-query';
import type { ImportKind } from '@app/shared/schemas/import.schema';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** GET /imports/templates/{kind}: the .xlsx template in the language on screen, saved. */
export function useTemplateDownload() {
  return useMutation({
    mutationFn: async (kind: ImportKind) => saveFile({ blob: await api.get<Blob>(`/imports/templates/${kind}`, { responseType: 'blob' }), fileName: `import-${kind}.xlsx` }),
    retry: false,
  });
}
