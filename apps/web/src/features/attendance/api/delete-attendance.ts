import { useDeleteRecord } from '../../../lib/record-writes.ts';
import { ATTENDANCE_RECORDS } from './refresh-attendance.ts';

/** DELETE /attendances/{id}; then the lists, class months and summaries refresh. */
export function useDeleteAttendance() {
  return useDeleteRecord(ATTENDANCE_RECORDS);
}
