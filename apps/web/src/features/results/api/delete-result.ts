import { useDeleteRecord } from '../../../lib/record-writes.ts';
import { RESULT_RECORDS } from './result-records.ts';

/** DELETE /results/{id} (spec section 4: after a confirmed delete the list is refreshed). */
export function useDeleteResult() {
  return useDeleteRecord(RESULT_RECORDS);
}
