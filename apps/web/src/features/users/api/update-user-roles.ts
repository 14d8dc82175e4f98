import type { UserResponse } from '@app/shared/schemas/user.schema';
import { api } from '../../../lib/api-client.ts';
import { useResourceWrite } from '../../../lib/record-writes.ts';
import { USERS } from './user-query-keys.ts';

/** The separate role-assignment call: the selected role ids. */
export function useUpdateUserRoles() {
  return useResourceWrite(USERS, ({ id, roleIds }: { id: number; roleIds: number[] }) => api.put<UserResponse>(`/users/${id}/roles`, { roles: roleIds }));
}
