import type { Kysely } from 'kysely';
import { ATTENDANCE_RATE_MESSAGES, attendanceShare, daysRecorded } from '@app/shared/attendance-rate';
import type { AttendanceExport } from '@app/shared/schemas/export.schema';
import type { DB } from '../../db/schema.ts';
import { withFatherNames, withinScope, type SiteScope } from '../orphans/orphans.service.ts';
import type { AttendanceValues } from './attendance.writes.ts';
import { childColumns, type Column, type ExportTexts, EXPORT_PAGE_SIZE, type FeatureExport, schoolGrade, solarHijriMonth, solarHijriYear } from '../exports/exports.service.ts';

/** This sheet's own headings and name, in each language a sheet is written in. */
const HEADING = {
  month: { en: 'Month', 'fa-AF': 'ماه', 'ps-AF': 'میاشت' },
  presentDays: { en: 'Present Days', 'fa-AF': 'روزهای حاضر', 'ps-AF': 'حاضرې ورځې' },
  absentDays: { en: 'Absent Days', 'fa-AF': 'روزهای غیرحاضر', 'ps-AF': 'غیرحاضرې ورځې' },
  lateDays: { en: 'Late Days', 'fa-AF': 'روزهای تأخیر', 'ps-AF': 'ځنډې ورځې' },
  excusedDays: { en: 'Excused Days', 'fa-AF': 'روزهای رخصتی', 'ps-AF': 'رخصتي ورځې' },
  totalDays: { en: 'Total Days', 'fa-AF': 'مجموع روزها', 'ps-AF': 'ټولې ورځې' },
  attendanceRate: { en: 'Attendance Rate', 'fa-AF': 'فیصدی حاضری', 'ps-AF': 'د حاضرۍ سلنه' },
  absenceReasons: { en: 'Absence Reasons', 'fa-AF': 'دلایل غیرحاضری', 'ps-AF': 'د غیرحاضرۍ لاملونه' },
  notes: { en: 'Notes', 'fa-AF': 'یادداشت‌ها', 'ps-AF': 'یادښتونه' },
} as const satisfies Record<string, ExportTexts>;
const SHEET_NAME: ExportTexts = { en: 'Attendance', 'fa-AF': 'حاضری', 'ps-AF': 'حاضري' };

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
  site_name: string;
  class_grade: string | null;
}

export async function* attendanceExportPages(db: Kysely<DB>, scope: SiteScope, f: AttendanceExportFilter, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<AttendanceExportRow[]> {
  let afterId = 0;
  for (;;) {
    let q = db
      .selectFrom('attendances')
      .innerJoin('orphans', 'orphans.id', 'attendances.orphan_id')
      .innerJoin('sites', 'sites.id', 'orphans.site_id')
      .select([
        'sites.name as site_name',
        'attendances.id', 'attendances.orphan_id', 'orphans.first_name', 'orphans.last_name', 'orphans.father_name', 'orphans.class_grade',
        'attendances.month', 'attendances.year', 'attendances.present_days', 'attendances.absent_days', 'attendances.late_days',
        'attendances.excused_days', 'attendances.absence_reasons', 'attendances.notes',
      ])
      .where('orphans.deleted_at', 'is', null)
      .where('attendances.year', '=', f.year)
      .where('attendances.month', '=', f.month)
      .where('attendances.id', '>', afterId);
    q = withinScope(q, scope);
    if (f.orphanId !== undefined) q = q.where('attendances.orphan_id', '=', f.orphanId);
    const rows = withFatherNames((await q.orderBy('attendances.year').orderBy('attendances.month').orderBy('attendances.id').limit(pageSize).execute()) as AttendanceExportRow[], (r) => r.orphan_id);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

export const ATTENDANCE_COLUMNS: ReadonlyArray<Column<AttendanceExportRow>> = [
  ...childColumns,
  { heading: 'classGrade', kind: 'schoolGrade', width: 8, value: (r) => schoolGrade(r.class_grade) },
  { heading: HEADING.month, kind: 'number', width: 7, value: (r) => r.month, solarHijri: solarHijriMonth },
  { heading: 'year', kind: 'number', width: 7, value: (r) => r.year, solarHijri: solarHijriYear },
  { heading: HEADING.presentDays, kind: 'number', width: 10, value: (r) => r.present_days },
  { heading: HEADING.absentDays, kind: 'number', width: 10, value: (r) => r.absent_days },
  { heading: HEADING.lateDays, kind: 'number', width: 9, value: (r) => r.late_days },
  { heading: HEADING.excusedDays, kind: 'number', width: 10, value: (r) => r.excused_days },
  { heading: HEADING.totalDays, kind: 'number', width: 9, value: daysRecorded },
  // The one definition (attendance-rate.ts), said in the heading's note; none recorded: no rate (not 0 %).
  { heading: HEADING.attendanceRate, kind: 'percent', width: 11, note: ATTENDANCE_RATE_MESSAGES.definition, value: attendanceShare },
  { heading: HEADING.absenceReasons, kind: 'text', width: 28, value: (r) => r.absence_reasons },
  { heading: HEADING.notes, kind: 'text', width: 28, value: (r) => r.notes },
];

export const attendanceExport: FeatureExport<AttendanceExport, AttendanceExportRow> = {
  kind: 'attendance',
  logName: 'Attendance records export',
  orphanId: (q) => q.orphan_id,
  sheet: (db, scope, q, language) => ({ sheetName: SHEET_NAME[language], columns: ATTENDANCE_COLUMNS, pages: attendanceExportPages(db, scope, { month: q.month, year: q.year, orphanId: q.orphan_id }) }),
};
