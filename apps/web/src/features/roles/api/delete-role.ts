import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';

export function deleteRole(id: number): Promise<{ message?: string }> {
  return api.delete(`/roles/${id}`);
}

/** Spec section 7: after a role delete the roles list is refreshed. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
