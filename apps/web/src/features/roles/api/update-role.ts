import type { RoleInput, RoleItem } from '@app/shared/schemas/role.schema';
import { api } from '../../../lib/api-client.ts';
import { refreshing, useResourceWrite } from '../../../lib/record-writes.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';

/** PUT /roles/{id}; users' role names show in the users table too, so both refresh. */
export function useUpdateRole() {
  return useResourceWrite(refreshing('/roles', rolesQueryKey, ['users']), ({ id, input }: { id: number; input: RoleInput }) =>
    api.put<{ message?: string; data?: RoleItem }>(`/roles/${id}`, { name: input.name, permissions: input.permissions ?? [] }),
  );
}
