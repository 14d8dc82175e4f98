import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from './api-client.ts';

/**
 * GET /api/roles, read by two features: the roles screens and the users screen (role checkboxes).
 * It lives here, below both, because a feature never imports another feature.
 */
export interface RoleSummary {
  id: number;
  name: string;
  permissions: { id: number; name: string }[];
  permissions_count: number;
  users_count: number;
}

export async function getRoles(): Promise<RoleSummary[]> {
  try {
    const body = await api.get<{ data?: RoleSummary[] } | RoleSummary[]>('/roles');
    const list = Array.isArray(body) ? body : (body?.data ?? []);
    return list.map((role) => ({
      ...role,
      permissions: role.permissions ?? [],
      permissions_count: role.permissions_count ?? role.permissions?.length ?? 0,
      users_count: role.users_count ?? 0,
    }));
  } catch (err) {
    // Spec section 8: a server that has no role class configured answers with an empty list.
    if (isApiError(err) && /role.*does not exist/i.test(err.message)) return [];
    throw err;
  }
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
