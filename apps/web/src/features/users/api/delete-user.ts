import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';
import { userQueryKeys } from './user-query-keys.ts';

export function deleteUser(id: number): Promise<{ message?: string }> {
  return api.delete(`/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: userQueryKeys.all }), queryClient.invalidateQueries({ queryKey: rolesQueryKey })]),
  });
}
