import { foldForSearch } from '@app/shared/search-folding';
import { IMPORT_MESSAGES as MSG, type ImportKind } from '@app/shared/schemas/import.schema';
import { attendanceSchema, beforeAdmissionMessage, isBeforeAdmission, type AttendanceData } from '@app/shared/schemas/attendance.schema';
import { resultSchema, type ResultData } from '@app/shared/schemas/result.schema';
import { assessmentKey } from '@app/shared/result-assessment';
import { attendanceImports } from '../attendance/attendance.service.ts';
import { childImports } from '../orphans/orphans.service.ts';
import { resultImports } from '../results/results.service.ts';
import { readImportCell } from './import-cells.ts';
import { attendanceMonth } from './import-months.ts';
import { RECORD_CHOICE_FIELDS, RECORD_DATE_FIELDS, RECORD_NUMBER_FIELDS, recordChoice } from './record-import-fields.ts';
import type { CheckedRow, RowError } from './orphan-import-rows.ts';
import type { Db } from './imports.repository.ts';

/**
 * A row of a results or attendance sheet, checked as its form is checked (resultSchema,
 * attendanceSchema: the same rules and messages) once its child is found in the import's site —
 * by id, school ID number, or names and date of birth. A child of another site is not found.
 */

export type RecordKind = Exclude<ImportKind, 'orphans'>;
export type RecordData = ResultData | AttendanceData;

const CHILD_FIELDS = ['child_id', 'school_id_number', 'first_name', 'last_name', 'father_name', 'dob'] as const;

interface ReadRow extends CheckedRow<RecordData> {
  ref: Partial<Record<(typeof CHILD_FIELDS)[number], string>>;
  input: Record<string, unknown>;
  ownError: Set<string>;
}

/** Persian and Arabic-Indic digits as 0-9, the Arabic decimal mark as a point. */
const westernDigits = (s: string) =>
  s.replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace('\u066B', '.');

/** The row's cells read into the form's values: dates in any of their forms, choices in any language, numbers as numbers. */
export function readRecordRow(kind: RecordKind, cells: readonly string[], mapping: readonly (string | null)[]): ReadRow {
  const values: Record<string, string | null> = {};
  const errors: RowError[] = [];
  const ownError = new Set<string>();
  const input: Record<string, unknown> = {};
  const ref: ReadRow['ref'] = {};
  mapping.forEach((field, i) => {
    if (!field) return;
    const { value, error } = readImportCell(cells[i], RECORD_DATE_FIELDS.has(field), (v) => (RECORD_CHOICE_FIELDS.has(field) ? recordChoice(field, v) : RECORD_NUMBER_FIELDS.has(field) ? westernDigits(v) : v));
    if (error) {
      errors.push({ field, message: error });
      ownError.add(field);
    }
    values[field] = value ?? null;
    if (value === undefined) return;
    if ((CHILD_FIELDS as readonly string[]).includes(field)) ref[field as keyof ReadRow['ref']] = value;
    else input[field] = RECORD_NUMBER_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  });
  // A sheet of marks seldom says what kind of result they are: without the column, education's.
  if (kind === 'results' && !mapping.includes('result_type')) input.result_type = 'education';
  if (kind === 'attendance' && input.month !== undefined) {
    const { month, year } = attendanceMonth(input.month, input.year);
    input.month = month;
    input.year = year;
    if (typeof month === 'number') values.month = String(month);
    if (typeof year === 'number') values.year = String(year);
  }
  return { errors, values, ref, input, ownError };
}

/** The key two rows of the same record share: the child and its assessment, or the child and the month. */
function recordKey(kind: RecordKind, d: RecordData): string {
  if (kind === 'results') return `${d.orphan_id}\u0001${assessmentKey(d as ResultData)}`;
  const a = d as AttendanceData;
  return `${a.orphan_id}\u0001${a.year}-${a.month}`;
}

type Child = Awaited<ReturnType<typeof childImports.siteChildrenReferenced>>[number];
const nameKey = (c: { first_name?: string | null; last_name?: string | null; father_name?: string | null; dob?: string | null }) =>
  [foldForSearch(c.first_name ?? ''), foldForSearch(c.last_name ?? ''), foldForSearch(c.father_name ?? ''), c.dob ?? ''].join('\u0001');
const schoolKey = (s: string) => foldForSearch(s).replace(/\s+/g, '');

/**
 * Checks the rows of a results or attendance sheet a chunk at a time: each row's child found in
 * the site, the row checked by its form's schema, and a record it repeats found — an earlier row
 * of the file (in sheet order) or a record already kept.
 */
export class RecordChecker {
  private readonly firstRow = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly kind: RecordKind,
    private readonly siteId: number,
  ) {}

  async check(rows: ReadonlyArray<{ number: number; cells: string[] }>, mapping: readonly (string | null)[]) {
    const read = rows.map((r) => readRecordRow(this.kind, r.cells, mapping));
    const ids = read.flatMap((r) => (r.ref.child_id && /^\d{1,12}$/.test(r.ref.child_id) ? [Number(r.ref.child_id)] : []));
    const schoolIds = read.flatMap((r) => (r.ref.school_id_number ? [r.ref.school_id_number] : []));
    const dobs = read.flatMap((r) => (r.ref.dob ? [r.ref.dob] : []));
    const children: Child[] = [];
    for (let i = 0; i < Math.max(ids.length, schoolIds.length, dobs.length); i += 300) {
      children.push(...(await childImports.siteChildrenReferenced(this.db, this.siteId, { ids: ids.slice(i, i + 300), schoolIds: schoolIds.slice(i, i + 300), dobs: [...new Set(dobs.slice(i, i + 300))] })));
    }
    const checked = read.map((r) => this.validate(r, children));
    const kept = await this.keptRecords([...new Set(checked.flatMap((c) => (c.data ? [c.data.orphan_id] : [])))]);
    return checked.map((c, i) => {
      if (!c.key) return { checked: c as CheckedRow<RecordData>, dup: { row: null, id: null } };
      const earlier = this.firstRow.get(c.key) ?? null;
      if (earlier === null) this.firstRow.set(c.key, rows[i]!.number);
      return { checked: c as CheckedRow<RecordData>, dup: { row: earlier, id: kept.get(c.key) ?? null } };
    });
  }

  private findChild(ref: ReadRow['ref'], children: readonly Child[]): Child[] {
    if (ref.child_id) return children.filter((c) => String(c.id) === ref.child_id);
    if (ref.school_id_number) return children.filter((c) => c.school_id_number && schoolKey(c.school_id_number) === schoolKey(ref.school_id_number!));
    if (ref.first_name && ref.last_name && ref.dob) return children.filter((c) => nameKey(c) === nameKey(ref));
    return [];
  }

  private validate(r: ReadRow, children: readonly Child[]): ReadRow {
    const errors = [...r.errors];
    const found = this.findChild(r.ref, children);
    const refField = CHILD_FIELDS.find((f) => r.ref[f] !== undefined) ?? 'child_id';
    if (found.length !== 1 && !CHILD_FIELDS.some((f) => r.ownError.has(f))) errors.push({ field: refField, message: found.length ? MSG.childAmbiguous : MSG.childNotFound });
    const schema = this.kind === 'results' ? resultSchema : attendanceSchema;
    const parsed = schema.safeParse({ ...r.input, orphan_id: found.length === 1 ? found[0]!.id : undefined });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field === 'orphan_id' || r.ownError.has(field) || errors.some((e) => e.field === field && e.message === issue.message)) continue;
        errors.push({ field, message: issue.message });
      }
    }
    // The attendance form's own refusal of a month before the child came, shown here rather than at the commit.
    if (parsed.success && this.kind === 'attendance' && found.length === 1) {
      const { month, year } = parsed.data as AttendanceData;
      if (isBeforeAdmission(month, year, found[0]!.admission_date)) errors.push({ field: 'month', message: beforeAdmissionMessage(found[0]!.admission_date!) });
    }
    if (!parsed.success || errors.length) return { ...r, errors };
    const data = parsed.data as RecordData;
    return { ...r, errors, data, key: recordKey(this.kind, data) };
  }

  /** The records already kept for these children, by key (the oldest of any repeated before). */
  private async keptRecords(childIds: number[]): Promise<Map<string, number>> {
    const kept = new Map<string, number>();
    const add = (key: string, id: number) => {
      if (!kept.has(key) || kept.get(key)! > id) kept.set(key, id);
    };
    for (let i = 0; i < childIds.length; i += 500) {
      const some = childIds.slice(i, i + 500);
      if (this.kind === 'results') for (const r of await resultImports.resultsOfChildren(this.db, some)) add(`${r.orphan_id}\u0001${assessmentKey(r)}`, r.id);
      else for (const a of await attendanceImports.monthsOfChildren(this.db, some)) add(`${a.orphan_id}\u0001${a.year}-${a.month}`, a.id);
    }
    return kept;
  }
}
