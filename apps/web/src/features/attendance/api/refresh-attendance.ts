import type { QueryClient } from '@tanstack/react-query';
import { attendanceKeys } from './attendance-query-keys.ts';

/** After any attendance write: every list page, every class month and every child's summary. */
export function refreshAttendance(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: attendanceKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.classMonths() }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.summaries() }),
  ]);
}
