import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type FormValue } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';
import type { OrphanSavedResponse } from '@app/shared/schemas/orphan.schema';

export interface UpdateOrphanInput {
  id: number | string;
  values: Record<string, FormValue>;
  /** A new photo replaces the stored one. */
  photo?: File | null;
  /** Remove the stored photo (ignored when a new one is sent). */
  removePhoto?: boolean;
  /** The child's updated_at as the form read it: the server refuses (409) if someone saved since. */
  updatedAt?: string;
}

/**
 * PUT /orphans/{id} with JSON; when a file is carried, POST multipart with `_method=PUT`
 * (multipart bodies on PUT are not parsed everywhere).
 */
export function updateOrphan({ id, values, photo, removePhoto, updatedAt }: UpdateOrphanInput): Promise<OrphanSavedResponse> {
  const path = `/orphans/${encodeURIComponent(String(id))}`;
  const fields = updatedAt ? { ...values, updated_at: updatedAt } : values;
  if (photo) return api.sendForm<OrphanSavedResponse>(path, { ...fields, profile_photo: photo }, 'PUT');
  return api.put<OrphanSavedResponse>(path, removePhoto ? { ...fields, remove_photo: 1 } : fields);
}

export function useUpdateOrphan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrphan,
    onSuccess: (body, { id }) => {
      if (body?.data) queryClient.setQueryData(orphanKeys.detail(id), body.data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orphanKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: orphanKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: orphanKeys.selector() }),
      ]);
    },
  });
}
