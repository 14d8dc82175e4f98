import type { QueryClient } from '@tanstack/react-query';
import type { RecordResource } from '../../../lib/record-writes.ts';
import { attendanceKeys } from './attendance-query-keys.ts';

/** After any attendance write: every list page, every class month and every child's summary. */
export function refreshAttendance(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: attendanceKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.classMonths() }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.summaries() }),
  ]);
}

/** A month's attendance record as its form saves it and its list deletes it. */
export const ATTENDANCE_RECORDS: RecordResource = { path: '/attendances', detail: attendanceKeys.detail, refresh: refreshAttendance };
