import { refreshing, useDeleteRecord } from '../../../lib/record-writes.ts';

/** DELETE /contacts/{id}; then the messages list is refreshed. */
export function useDeleteContact() {
  return useDeleteRecord(refreshing('/contacts', ['contacts']));
}
