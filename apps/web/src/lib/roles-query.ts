import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleItem, RoleListResponse } from '@app/shared/schemas/role.schema';
import { api, isApiError } from './api-client.ts';

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
