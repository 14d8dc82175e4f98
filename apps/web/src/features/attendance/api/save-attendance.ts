import type { AttendanceData, AttendanceSavedResponse } from '@app/shared/schemas/attendance.schema';
import { useSaveRecord } from '../../../lib/record-writes.ts';
import { ATTENDANCE_RECORDS } from './refresh-attendance.ts';

/** POST /attendances, or PUT /attendances/{id} with the read version; then the lists, class months and summaries refresh. */
export function useSaveAttendance() {
  return useSaveRecord<AttendanceData, AttendanceSavedResponse>(ATTENDANCE_RECORDS);
}
