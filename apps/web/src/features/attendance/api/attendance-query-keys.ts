import type { AttendanceListQuery } from '@app/shared/schemas/attendance.schema';

/** The list's query as the URL holds it (strings; the server parses it with the shared query schema). */
export type AttendanceListParams = { page: number; per_page: number } & { [K in Exclude<keyof AttendanceListQuery, 'page' | 'per_page'>]?: string };

/**
 * Query keys of the attendance feature: a save, a batch or a delete refreshes every list page,
 * the record, and the children's summaries (all start with `attendanceKeys.all`).
 */
export const attendanceKeys = {
  all: ['attendances'] as const,
  lists: () => [...attendanceKeys.all, 'list'] as const,
  list: (params: AttendanceListParams) => [...attendanceKeys.lists(), params] as const,
  details: () => [...attendanceKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...attendanceKeys.details(), String(id)] as const,
  summaries: () => [...attendanceKeys.all, 'orphan-summary'] as const,
  summary: (orphanId: number | string) => [...attendanceKeys.summaries(), String(orphanId)] as const,
  /** A class's month, read whole for the grid. */
  classMonths: () => [...attendanceKeys.all, 'class-month'] as const,
  classMonth: (grade: string, month: number, year: number) => [...attendanceKeys.classMonths(), grade, month, year] as const,
};
