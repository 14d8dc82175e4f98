import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionItem, PermissionListResponse } from '@app/shared/schemas/role.schema';
import { api } from '../../../lib/api-client.ts';

/** GET /permissions answers `{ data: [...] }`. */
export async function getPermissions(): Promise<PermissionItem[]> {
  const body = await api.get<PermissionListResponse>('/permissions');
  return body.data;
}

export const permissionsQuery = queryOptions({
  queryKey: ['permissions'],
  queryFn: getPermissions,
  // The permission list changes only with a release.
  staleTime: 30 * 60_000,
});

export function usePermissions(enabled = true) {
  return useQuery({ ...permissionsQuery, enabled });
}
