/**
 * The attendance rate, defined once for every place that shows one — a child's details, the
 * overview's chart, the progress report and the attendance export: the days attended (present and
 * late: a late child came to school) as a share of the days recorded, excused days counted among
 * the recorded ones. No days recorded: no rate (not 0 %).
 */

/** The four day counts of one or more months. */
export interface DayCounts {
  present_days: number;
  absent_days: number;
  late_days: number;
  excused_days: number;
}

/** The rule in words, shown beside every rate (the screens and the export's heading note). */
export const ATTENDANCE_RATE_MESSAGES = {
  definition: 'Attendance rate = (present + late days) ÷ days recorded; excused days count as recorded.',
} as const;

/** The days recorded: present, absent, late and excused. */
export const daysRecorded = (c: DayCounts): number => c.present_days + c.absent_days + c.late_days + c.excused_days;

/** The rate as a fraction (0–1), unrounded; null when no days were recorded. */
export function attendanceShare(c: DayCounts): number | null {
  const days = daysRecorded(c);
  return days === 0 ? null : (c.present_days + c.late_days) / days;
}

/** The rate as a percentage rounded to one decimal, as the answers carry it; null when no days were recorded. */
export function attendanceRate(c: DayCounts): number | null {
  const share = attendanceShare(c);
  return share === null ? null : Math.round(share * 1000) / 10;
}
