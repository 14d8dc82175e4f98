import { useDeleteRecord } from '../../../lib/record-writes.ts';
import { USERS } from './user-query-keys.ts';

/** DELETE /users/{id}; then the users and the roles (their counts of users) are refreshed. */
export function useDeleteUser() {
  return useDeleteRecord(USERS);
}
