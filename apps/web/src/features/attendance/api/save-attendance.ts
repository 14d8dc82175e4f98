import type { AttendanceData, AttendanceSavedResponse } from '@app/shared/schemas/attendance.schema';
import { useSaveRecordOrQueue } from '../../../lib/outbox/save-or-queue-record.ts';
import { ATTENDANCE_RECORDS } from './refresh-attendance.ts';

/**
 * POST /attendances, or PUT /attendances/{id} with the read version; then the lists, class months
 * and summaries refresh. Without a connection it is kept in the outbox, to be sent later.
 */
export function useSaveAttendance() {
  return useSaveRecordOrQueue<AttendanceData, AttendanceSavedResponse>(ATTENDANCE_RECORDS);
}
