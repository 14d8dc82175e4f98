import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type FormValue } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';
import type { OrphanSavedResponse } from '@app/shared/schemas/orphan.schema';

export interface CreateOrphanInput {
  /** Field values as the API names them; `profile` is a nested object. */
  values: Record<string, FormValue>;
  photo?: File | null;
}

/**
 * POST /orphans — JSON, or multipart when a photo is chosen (fields one by one, `profile` as a
 * JSON string, empty values skipped; the api client's form helper does exactly that).
 */
export function createOrphan({ values, photo }: CreateOrphanInput): Promise<OrphanSavedResponse> {
  if (photo) return api.sendForm<OrphanSavedResponse>('/orphans', { ...values, profile_photo: photo }, 'POST');
  return api.post<OrphanSavedResponse>('/orphans', values);
}

export function useCreateOrphan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrphan,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orphanKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orphanKeys.selector() }),
      ]),
  });
}
