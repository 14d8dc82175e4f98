import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleInput, RoleItem } from '@app/shared/schemas/role.schema';
import { api } from '../../../lib/api-client.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';

export function createRole(input: RoleInput): Promise<{ message?: string; data?: RoleItem }> {
  return api.post('/roles', { name: input.name, permissions: input.permissions ?? [] });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
