import type { Kysely } from 'kysely';
import type { AttendanceExport, ExportKind, OrphanExport, ResultExport } from '@app/shared/schemas/export.schema';
import type { DB } from '../../db/schema.ts';
import type { Writes } from '../../db/write-procedure.ts';
import { ATTENDANCE_COLUMNS, orphanColumns, resultColumns } from './export-columns.ts';
import { SHEET_NAMES, type ExportLanguage } from './export-headings.ts';
import { attendanceExportPages, orphanExportPages, resultExportPages, type OrphanExportFilter } from './exports.repository.ts';
import { logExport } from './exports.writes.ts';
import type { SheetOptions } from './xlsx-writer.ts';

export interface ExportContext {
  db: Kysely<DB>;
  writes: Writes;
}

/** An export ready to stream: checked and logged; its rows are read as the sheet is written. */
export interface PreparedExport {
  kind: ExportKind;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own row type
  sheet: SheetOptions<any>;
}

/** Today's date (UTC), the day ages are counted to and the file is named after. */
export const todayIso = (now = new Date()): string => now.toISOString().slice(0, 10);

/** The date `years` years before `today`, as text: '2016-02-29' compares right even when that year had no 29 February. */
const yearsBefore = (today: string, years: number): string => `${String(Number(today.slice(0, 4)) - years).padStart(4, '0')}${today.slice(4, 10)}`;

/**
 * The ages as dates of birth: at least `min` years old means born on or before today `min`
 * years ago; at most `max` means younger than `max + 1`, born after today `max + 1` years ago.
 */
export function orphanFilter(q: OrphanExport, today: string): OrphanExportFilter {
  return {
    gender: q.gender,
    bornOnOrBefore: q.age_min !== undefined ? yearsBefore(today, q.age_min) : undefined,
    bornAfter: q.age_max !== undefined ? yearsBefore(today, q.age_max + 1) : undefined,
    admissionFrom: q.admission_start,
    admissionTo: q.admission_end,
  };
}

/** The filters given, for the log entry (nothing left undefined). */
function given(q: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<string, string | number>;
}

export async function prepareOrphanExport(ctx: ExportContext, userId: number | null, language: ExportLanguage, q: OrphanExport, now = new Date()): Promise<PreparedExport> {
  await ctx.writes.run(logExport, { kind: 'orphans', userId, filters: given(q) });
  const today = todayIso(now);
  return {
    kind: 'orphans',
    sheet: { sheetName: SHEET_NAMES.orphans[language], language, columns: orphanColumns(language, today), pages: orphanExportPages(ctx.db, orphanFilter(q, today)) },
  };
}

export async function prepareResultExport(ctx: ExportContext, userId: number | null, language: ExportLanguage, q: ResultExport): Promise<PreparedExport> {
  await ctx.writes.run(logExport, { kind: 'results', userId, filters: given(q), orphanId: q.orphan_id });
  const filter = { resultType: q.result_type, fromDate: q.from_date, toDate: q.to_date, orphanId: q.orphan_id, term: q.term, year: q.year };
  return {
    kind: 'results',
    sheet: { sheetName: SHEET_NAMES.results[language], language, columns: resultColumns(q.result_type, language), pages: resultExportPages(ctx.db, filter) },
  };
}

export async function prepareAttendanceExport(ctx: ExportContext, userId: number | null, language: ExportLanguage, q: AttendanceExport): Promise<PreparedExport> {
  await ctx.writes.run(logExport, { kind: 'attendance', userId, filters: given(q), orphanId: q.orphan_id });
  return {
    kind: 'attendance',
    sheet: { sheetName: SHEET_NAMES.attendance[language], language, columns: ATTENDANCE_COLUMNS, pages: attendanceExportPages(ctx.db, { month: q.month, year: q.year, orphanId: q.orphan_id }) },
  };
}
