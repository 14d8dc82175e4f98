import type { AttendanceListQuery } from '@app/shared/schemas/attendance.schema';
import { recordKeys } from '../../../lib/record-keys.ts';

/** The list's query as the URL holds it (strings; the server parses it with the shared query schema). */
export type AttendanceListParams = { page: number; per_page: number } & { [K in Exclude<keyof AttendanceListQuery, 'page' | 'per_page'> | 'site_id']?: string };

/**
 * Query keys of the attendance feature: a save, a batch or a delete refreshes every list page,
 * the record, and the children's summaries (all start with `attendanceKeys.all`).
 */
export const attendanceKeys = {
  ...recordKeys<AttendanceListParams>('attendances'),
  /** A class's month, read whole for the grid. */
  classMonths: () => ['attendances', 'class-month'] as const,
  classMonth: (grade: string, site: string, month: number, year: number) => ['attendances', 'class-month', grade, site, month, year] as const,
};
