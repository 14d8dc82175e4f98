import { attendanceRate, totalDays, type Attendance, type AttendanceSummaryResponse } from '@app/shared/schemas/attendance.schema';
import type { AttendanceWithOrphan, ChildWithMonths, MonthCounts } from './attendance.repository.ts';

/** One child's attendance summary (`GET /orphans/N/attendance-summary`) built from its months. */

type Counts = Pick<MonthCounts, 'present_days' | 'absent_days' | 'late_days' | 'excused_days'>;
const withRate = (c: Counts) => ({
  present_days: c.present_days,
  absent_days: c.absent_days,
  late_days: c.late_days,
  excused_days: c.excused_days,
  total_days: totalDays(c),
  attendance_rate: attendanceRate(c),
});

/** Each month's counts and rate, newest first, and each year's totals, summed in one pass. */
export function summaryOf({ child, months }: ChildWithMonths): AttendanceSummaryResponse {
  const years: Array<Counts & { year: number; months_recorded: number }> = [];
  for (const m of months) {
    // Newest first: a year's months come together.
    let y = years[years.length - 1];
    if (y?.year !== m.year) years.push((y = { year: m.year, months_recorded: 0, present_days: 0, absent_days: 0, late_days: 0, excused_days: 0 }));
    y.months_recorded += 1;
    y.present_days += m.present_days;
    y.absent_days += m.absent_days;
    y.late_days += m.late_days;
    y.excused_days += m.excused_days;
  }
  return {
    data: {
      orphan: { id: child.id, first_name: child.first_name, last_name: child.last_name, father_name: child.father_name },
      months: months.map((m) => ({ year: m.year, month: m.month, ...withRate(m) })),
      years: years.map((y) => ({ year: y.year, months_recorded: y.months_recorded, ...withRate(y) })),
    },
  };
}

/** One record as answered, with its child's names and its total of days. */
export function toAttendance(r: AttendanceWithOrphan): Attendance {
  return {
    id: r.id,
    orphan_id: r.orphan_id,
    first_name: r.first_name,
    last_name: r.last_name,
    father_name: r.father_name,
    class_grade: r.class_grade as Attendance['class_grade'],
    month: r.month,
    year: r.year,
    present_days: r.present_days,
    absent_days: r.absent_days,
    late_days: r.late_days,
    excused_days: r.excused_days,
    total_days: totalDays(r),
    absence_reasons: r.absence_reasons,
    notes: r.notes,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
