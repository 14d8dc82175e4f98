import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleInput, RoleItem } from '@app/shared/schemas/role.schema';
import { api } from '../../../lib/api-client.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';

export function updateRole({ id, input }: { id: number; input: RoleInput }): Promise<{ message?: string; data?: RoleItem }> {
  return api.put(`/roles/${id}`, { name: input.name, permissions: input.permissions ?? [] });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    // Users' role names show in the users table too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: rolesQueryKey }), queryClient.invalidateQueries({ queryKey: ['users'] })]),
  });
}
