import { refreshing, useDeleteRecord } from '../../../lib/record-writes.ts';
import { rolesQueryKey } from '../../../lib/roles-query.ts';

/** DELETE /roles/{id} (spec section 7: after a role delete the roles list is refreshed). */
export function useDeleteRole() {
  return useDeleteRecord(refreshing('/roles', rolesQueryKey));
}
