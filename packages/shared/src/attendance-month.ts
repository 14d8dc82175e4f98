/**
 * Which month a class's attendance is taken for unless the user picks another. Attendance is
 * kept per month and entered once the month is over, so early in a month the month just ended is
 * the one still being entered; from the 11th on, the month in progress.
 */
export const ATTENDANCE_CURRENT_MONTH_FROM_DAY = 11;

/** The month (1-12) and year attendance is taken for by default on `now` (local time). */
export function defaultAttendanceMonth(now = new Date()): { month: number; year: number } {
  const month = now.getMonth() + 1;
  const year = now.getFullYear();
  if (now.getDate() >= ATTENDANCE_CURRENT_MONTH_FROM_DAY) return { month, year };
  return month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
}
