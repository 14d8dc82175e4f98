import type { Kysely } from 'kysely';
import { ATTENDANCE_RATE_MESSAGES, attendanceShare, daysRecorded } from '@app/shared/attendance-rate';
import type { AttendanceExport } from '@app/shared/schemas/export.schema';
import type { DB } from '../../db/schema.ts';
import type { AttendanceValues } from './attendance.writes.ts';
import { childColumns, type Column, EXPORT_PAGE_SIZE, type FeatureExport, schoolGrade, SHEET_NAMES, solarHijriMonth, solarHijriYear } from '../exports/exports.service.ts';

/** The attendance Excel export: one month's records by id (attendances_month_idx: year, month, id). */

export interface AttendanceExportFilter {
  month: number;
  year: number;
  orphanId?: number;
}

/** A stored month of attendance with the child's names and grade beside it. */
export interface AttendanceExportRow extends AttendanceValues {
  id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  class_grade: string | null;
}

export async function* attendanceExportPages(db: Kysely<DB>, f: AttendanceExportFilter, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<AttendanceExportRow[]> {
  let afterId = 0;
  for (;;) {
    let q = db
      .selectFrom('attendances')
      .innerJoin('orphans', 'orphans.id', 'attendances.orphan_id')
      .select([
        'attendances.id', 'attendances.orphan_id', 'orphans.first_name', 'orphans.last_name', 'orphans.father_name', 'orphans.class_grade',
        'attendances.month', 'attendances.year', 'attendances.present_days', 'attendances.absent_days', 'attendances.late_days',
        'attendances.excused_days', 'attendances.absence_reasons', 'attendances.notes',
      ])
      .where('orphans.deleted_at', 'is', null)
      .where('attendances.year', '=', f.year)
      .where('attendances.month', '=', f.month)
      .where('attendances.id', '>', afterId);
    if (f.orphanId !== undefined) q = q.where('attendances.orphan_id', '=', f.orphanId);
    const rows = (await q.orderBy('attendances.year').orderBy('attendances.month').orderBy('attendances.id').limit(pageSize).execute()) as AttendanceExportRow[];
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

export const ATTENDANCE_COLUMNS: ReadonlyArray<Column<AttendanceExportRow>> = [
  ...childColumns,
  { heading: 'classGrade', kind: 'schoolGrade', width: 8, value: (r) => schoolGrade(r.class_grade) },
  { heading: 'month', kind: 'number', width: 7, value: (r) => r.month, solarHijri: solarHijriMonth },
  { heading: 'year', kind: 'number', width: 7, value: (r) => r.year, solarHijri: solarHijriYear },
  { heading: 'presentDays', kind: 'number', width: 10, value: (r) => r.present_days },
  { heading: 'absentDays', kind: 'number', width: 10, value: (r) => r.absent_days },
  { heading: 'lateDays', kind: 'number', width: 9, value: (r) => r.late_days },
  { heading: 'excusedDays', kind: 'number', width: 10, value: (r) => r.excused_days },
  { heading: 'totalDays', kind: 'number', width: 9, value: daysRecorded },
  // The one definition (attendance-rate.ts), said in the heading's note; none recorded: no rate (not 0 %).
  { heading: 'attendanceRate', kind: 'percent', width: 11, note: ATTENDANCE_RATE_MESSAGES.definition, value: attendanceShare },
  { heading: 'absenceReasons', kind: 'text', width: 28, value: (r) => r.absence_reasons },
  { heading: 'notes', kind: 'text', width: 28, value: (r) => r.notes },
];

export const attendanceExport: FeatureExport<AttendanceExport, AttendanceExportRow> = {
  kind: 'attendance',
  orphanId: (q) => q.orphan_id,
  sheet: (db, q, language) => ({ sheetName: SHEET_NAMES.attendance[language], columns: ATTENDANCE_COLUMNS, pages: attendanceExportPages(db, { month: q.month, year: q.year, orphanId: q.orphan_id }) }),
};
