import { queryOptions } from '@tanstack/react-query';
import type { Attendance } from '@app/shared/schemas/attendance.schema';
import { MAX_PER_PAGE } from '@app/shared/constants';
import { attendanceKeys } from './attendance-query-keys.ts';
import { getAttendances } from './get-attendances.ts';
import { keptWhenUnreachable, monthKey } from '../../../lib/kept-classes/kept-classes.ts';

/**
 * Every record of one grade's month (GET /attendances?class_grade&month&year, page by page at
 * the largest size), of one site when `site` is given: what the class grid is prefilled with.
 */
export async function getClassMonth(grade: string, site: string, month: number, year: number, signal?: AbortSignal): Promise<Attendance[]> {
  const records: Attendance[] = [];
  for (let page = 1; ; page++) {
    const answer = await getAttendances({ class_grade: grade, site_id: site, month: String(month), year: String(year), page, per_page: MAX_PER_PAGE }, signal);
    records.push(...answer.data);
    if (answer.current_page >= answer.last_page) return records;
  }
}

/** The month's records; with no server to ask, as kept on this phone for a kept class's kept months. */
export function classMonthQuery(grade: string, site: string, month: number, year: number) {
  return queryOptions({
    queryKey: attendanceKeys.classMonth(grade, site, month, year),
    // Asked even when the browser says it is offline: the kept copy answers then.
    networkMode: 'offlineFirst',
    queryFn: ({ signal }) =>
      getClassMonth(grade, site, month, year, signal).catch((err: unknown) => keptWhenUnreachable(err, { site, grade }, (kept) => kept.attendance[monthKey(month, year)])),
  });
}
