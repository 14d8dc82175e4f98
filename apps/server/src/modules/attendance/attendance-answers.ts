import type { Kysely } from 'kysely';
import { attendanceRate, totalDays, type AttendanceSummaryResponse } from '@app/shared/schemas/attendance.schema';
import type { DB } from '../../db/schema.ts';
import { backfillStep, dropChildAnswers, lockChildren, storeChildAnswers, type ChildAnswerKind, type ChildAnswerRow } from '../../lib/child-answers.ts';
import { childWithMonths, childrenWithMonths, type ChildWithMonths, type MonthCounts } from './attendance.repository.ts';

/**
 * One child's attendance summary (`GET /orphans/N/attendance-summary`) built from its months,
 * and kept per child in the database (lib/child-answers.ts, decision 0042) by the attendance
 * write procedures, which call `refreshAttendanceAnswers` in their transaction.
 */

export const ATTENDANCE_ANSWER_KINDS = ['attendance-summary'] as const satisfies readonly ChildAnswerKind[];

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

/**
 * Rebuild and store the kept attendance summaries of `orphanIds` (inside a write procedure's
 * transaction, after its change); a child not found outside the trash has its summary removed.
 */
export async function refreshAttendanceAnswers(trx: Kysely<DB>, orphanIds: readonly number[]): Promise<void> {
  await lockChildren(trx, orphanIds);
  const ids = [...new Set(orphanIds)];
  // One child (a single write): its prepared statement; a batch's: one statement per 500.
  const found = ids.length === 1 ? new Map([[ids[0]!, await childWithMonths(trx, ids[0]!)]]) : await childrenWithMonths(trx, ids);
  const rows: ChildAnswerRow[] = [];
  const gone: number[] = [];
  for (const id of ids) {
    const child = found.get(id);
    if (child) rows.push({ orphan_id: id, kind: 'attendance-summary', body: JSON.stringify(summaryOf(child)) });
    else gone.push(id);
  }
  if (gone.length) await dropChildAnswers(trx, gone, ATTENDANCE_ANSWER_KINDS);
  await storeChildAnswers(trx, rows);
}

/** Children after `after` (among the next `scan`, at most `limit`) with attendance but without a current summary, filled; where to go on. */
export function backfillAttendanceAnswers(trx: Kysely<DB>, after: number, scan: number, limit: number): Promise<{ next: number | null; filled: number }> {
  return backfillStep(trx, 'attendance_answers_backfill', 'attendances', ATTENDANCE_ANSWER_KINDS, { after, scan, limit }, refreshAttendanceAnswers);
}
