import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserResponse } from '@app/shared/schemas/user.schema';
import { api } from '../../../lib/api-client.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';
import { userQueryKeys } from './user-query-keys.ts';

/** The separate role-assignment call: the selected role ids. */
export function updateUserRoles({ id, roleIds }: { id: number; roleIds: number[] }): Promise<UserResponse> {
  return api.put<UserResponse>(`/users/${id}/roles`, { roles: roleIds });
}

export function useUpdateUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRoles,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: userQueryKeys.all }), queryClient.invalidateQueries({ queryKey: rolesQueryKey })]),
  });
}
