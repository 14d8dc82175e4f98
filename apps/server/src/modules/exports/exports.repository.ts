import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { DB, ResultsTable } from '../../db/schema.ts';

/**
 * The rows of each export, read a page at a time by keyset (the last row's sort key starts the
 * next page), along an index that already holds that order: no sort of the whole set, no OFFSET
 * walking past everything read before, and memory held is one page whatever the total. Children
 * in the trash — and their results and attendance — are never read.
 */

/** Rows read at once: a few MB of rows at most, and few enough queries that each costs little per row. */
export const EXPORT_PAGE_SIZE = 2000;

// ---------------------------------------------------------------------------------------------
// Children: by last name, first name, id (orphans_name_idx, children outside the trash only).

export interface OrphanExportFilter {
  gender?: string;
  /** dob on or before this date (age at least the minimum). */
  bornOnOrBefore?: string;
  /** dob after this date (age at most the maximum). */
  bornAfter?: string;
  admissionFrom?: string;
  admissionTo?: string;
}

const ORPHAN_COLUMNS = [
  'id', 'first_name', 'last_name', 'father_name', 'gender', 'dob', 'class_grade', 'admission_date', 'status', 'medical_condition',
  'guardian_name', 'guardian_relationship', 'guardian_contact', 'phone_number', 'address', 'school_id_number', 'donor_name', 'donor_last_name',
] as const;

export interface OrphanExportRow {
  id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  gender: string;
  dob: string;
  class_grade: string | null;
  admission_date: string;
  status: string;
  medical_condition: string | null;
  guardian_name: string | null;
  guardian_relationship: string | null;
  guardian_contact: string | null;
  phone_number: string | null;
  address: string | null;
  school_id_number: string | null;
  donor_name: string | null;
  donor_last_name: string | null;
}

export async function* orphanExportPages(db: Kysely<DB>, f: OrphanExportFilter, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<OrphanExportRow[]> {
  let after: OrphanExportRow | undefined;
  for (;;) {
    let q = db.selectFrom('orphans').select(ORPHAN_COLUMNS).where('deleted_at', 'is', null);
    if (f.gender !== undefined) q = q.where('gender', '=', f.gender);
    if (f.bornOnOrBefore !== undefined) q = q.where('dob', '<=', f.bornOnOrBefore);
    if (f.bornAfter !== undefined) q = q.where('dob', '>', f.bornAfter);
    if (f.admissionFrom !== undefined) q = q.where('admission_date', '>=', f.admissionFrom);
    if (f.admissionTo !== undefined) q = q.where('admission_date', '<=', f.admissionTo);
    if (after) q = q.where(sql<boolean>`(last_name, first_name, id) > (${after.last_name}, ${after.first_name}, ${after.id})`);
    const rows = (await q.orderBy('last_name').orderBy('first_name').orderBy('id').limit(pageSize).execute()) as OrphanExportRow[];
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1];
  }
}

// ---------------------------------------------------------------------------------------------
// Results: by year, exam date, id (results_year_idx; one child's along results_orphan_idx).

export interface ResultExportFilter {
  resultType: string;
  fromDate: string;
  toDate: string;
  orphanId?: number;
  term?: string;
  year?: number;
}

/** A result as exported: its columns as stored, with the child's names beside them. */
export type ResultExportRow = Pick<
  Selectable<ResultsTable>,
  | 'id' | 'orphan_id' | 'subject' | 'term' | 'exam_date' | 'year' | 'grade' | 'assessed_by' | 'comments' | 'total' | 'average' | 'score'
  | 'ethics_score' | 'uniform_score' | 'relationship_score' | 'course_type'
> & { first_name: string; last_name: string; father_name: string | null };

export async function* resultExportPages(db: Kysely<DB>, f: ResultExportFilter, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ResultExportRow[]> {
  let after: ResultExportRow | undefined;
  for (;;) {
    let q = db
      .selectFrom('results')
      .innerJoin('orphans', 'orphans.id', 'results.orphan_id')
      .select([
        'results.id', 'results.orphan_id', 'orphans.first_name', 'orphans.last_name', 'orphans.father_name', 'results.subject', 'results.term',
        'results.exam_date', 'results.year', 'results.grade', 'results.assessed_by', 'results.comments', 'results.total', 'results.average',
        'results.score', 'results.ethics_score', 'results.uniform_score', 'results.relationship_score', 'results.course_type',
      ])
      .where('orphans.deleted_at', 'is', null)
      .where('results.result_type', '=', f.resultType)
      .where('results.exam_date', '>=', f.fromDate)
      .where('results.exam_date', '<=', f.toDate);
    if (f.orphanId !== undefined) q = q.where('results.orphan_id', '=', f.orphanId);
    if (f.term !== undefined) q = q.where('results.term', '=', f.term);
    if (f.year !== undefined) q = q.where('results.year', '=', f.year);
    if (after) q = q.where(sql<boolean>`(results.year, results.exam_date, results.id) > (${after.year}, ${after.exam_date}, ${after.id})`);
    const rows = (await orderedResults(q, f.orphanId !== undefined).limit(pageSize).execute()) as ResultExportRow[];
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1];
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the builder's selection type is the caller's
function orderedResults<Q extends SelectQueryBuilder<DB, 'results' | 'orphans', any>>(q: Q, oneChild: boolean): Q {
  // With one child, the orphan_id equality leads results_orphan_idx; naming it keeps that index's order usable.
  const byChild = oneChild ? (q.orderBy('results.orphan_id') as Q) : q;
  return byChild.orderBy('results.year').orderBy('results.exam_date').orderBy('results.id') as Q;
}

// ---------------------------------------------------------------------------------------------
// Attendance: one month's records by id (attendances_month_idx: year, month, id).

export interface AttendanceExportFilter {
  month: number;
  year: number;
  orphanId?: number;
}

export interface AttendanceExportRow {
  id: number;
  orphan_id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  class_grade: string | null;
  month: number;
  year: number;
  present_days: number;
  absent_days: number;
  late_days: number;
  excused_days: number;
  absence_reasons: string | null;
  notes: string | null;
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
