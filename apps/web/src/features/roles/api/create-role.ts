import type { RoleInput, RoleItem } from '@app/shared/schemas/role.schema';
import { api } from '../../../lib/api-client.ts';
import { refreshing, useResourceWrite } from '../../../lib/record-writes.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';

export function useCreateRole() {
  return useResourceWrite(refreshing('/roles', rolesQueryKey), (input: RoleInput) =>
    api.post<{ message?: string; data?: RoleItem }>('/roles', { name: input.name, permissions: input.permissions ?? [] }),
  );
}
