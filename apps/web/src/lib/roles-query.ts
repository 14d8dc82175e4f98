import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROLE, isSuperAdmin } from '@app/shared/permissions';
import type { RoleItem, RoleListResponse } from '@app/shared/schemas/role.schema';
import { api, isApiError } from './api-client.ts';
import { useAuth } from './auth-context.tsx';

/**
 * GET /api/roles, read by two features: the roles screens and the users screen (role checkboxes).
 * It lives here, below both, because a feature never imports another feature.
 */
export type RoleSummary = RoleItem;

/**
 * The server answers `{ data: [...] }` with every role's permissions and counts. (The spec's "role
 * class does not exist → empty list" came from a server whose role model could be missing; ours
 * keeps roles in its own tables, so no answer says that and there is no branch for it.)
 */
export async function getRoles(): Promise<RoleSummary[]> {
  const body = await api.get<RoleListResponse>('/roles');
  return body.data;
}

export const rolesQueryKey = ['roles'] as const;

export const rolesQuery = queryOptions({
  queryKey: [...rolesQueryKey, 'list'],
  queryFn: getRoles,
  // Spec section 8: the role list does not retry on a 500; other failures retry once.
  retry: (failureCount, error) => !(isApiError(error) && error.status >= 500) && failureCount < 1,
});

export function useRoles() {
  return useQuery(rolesQuery);
}

/**
 * The roles the signed-in user may tick for a user: the Super Admin role only for a Super Admin,
 * since the server refuses anyone else granting or removing it.
 */
export function useAssignableRoles() {
  const roles = useRoles();
  const { user } = useAuth();
  const mayGrantSuperAdmin = isSuperAdmin(user);
  const data = roles.data?.filter((role) => mayGrantSuperAdmin || role.name !== ROLE.superAdmin);
  return { ...roles, data };
}
