import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AttendancesTable, DB } from '../../db/schema.ts';
import { withFatherNames, withinScope, type SiteScope } from '../orphans/orphans.service.ts';
import { pathsById, type ActivityLinks } from '../activities/activities.service.ts';

/**
 * Attendance records joined with their child; a trashed child's records are never read (inner
 * join on deleted_at is null), so they come back with the child on restore.
 */

export type AttendanceRow = Selectable<AttendancesTable>;
export type NewAttendanceRow = Insertable<AttendancesTable>;
export type AttendanceWithOrphan = AttendanceRow & { first_name: string; last_name: string; father_name: string | null; class_grade: string | null };

const COLUMNS = [
  'attendances.id', 'attendances.orphan_id', 'attendances.month', 'attendances.year', 'attendances.present_days', 'attendances.absent_days',
  'attendances.late_days', 'attendances.excused_days', 'attendances.absence_reasons', 'attendances.notes', 'attendances.created_by',
  'attendances.updated_by', 'attendances.created_at', 'attendances.updated_at',
  'orphans.first_name', 'orphans.last_name', 'orphans.father_name', 'orphans.class_grade',
] as const;

const withOrphan = (db: Kysely<DB>, scope: SiteScope) =>
  withinScope(db.selectFrom('attendances').innerJoin('orphans', 'orphans.id', 'attendances.orphan_id').select(COLUMNS).where('orphans.deleted_at', 'is', null), scope);

/**
 * The records as the list reads them: from the record (its month index, or the child's key) to
 * its child. SQLite keeps a CROSS JOIN's order, so a site's scope filters that walk instead of
 * reading the site's children and sorting all their months.
 */
const listWithOrphan = (db: Kysely<DB>, scope: SiteScope) =>
  withinScope(db.selectFrom('attendances').crossJoin('orphans').whereRef('orphans.id', '=', 'attendances.orphan_id').select(COLUMNS).where('orphans.deleted_at', 'is', null), scope);

export async function findAttendance(db: Kysely<DB>, scope: SiteScope, id: number): Promise<AttendanceWithOrphan | undefined> {
  return withFatherNames(await withOrphan(db, scope).where('attendances.id', '=', id).execute(), (r) => r.orphan_id)[0];
}

/** The id of a child's record for a month, if there is one (trashed or not: the month is taken either way). */
export async function findChildMonth(db: Kysely<DB>, orphanId: number, year: number, month: number): Promise<number | undefined> {
  const row = await db.selectFrom('attendances').select('id').where('orphan_id', '=', orphanId).where('year', '=', year).where('month', '=', month).executeTakeFirst();
  return row?.id;
}

// ---------------------------------------------------------------------------------------------
// The list

export interface AttendanceFilter {
  orphan_id?: number;
  month?: number;
  year?: number;
  class_grade?: string;
}

/**
 * Which statement a filter runs:
 * - `child`: one child's months, newest first, from the unique (orphan_id, year, month) index;
 * - `month`: a chosen month (and grade), by the child's name — walking the orphans name or grade
 *   index (children outside the trash only) and looking each child's month up in the unique
 *   index, so a page of one grade's month reads about a page of rows (the class screen);
 * - `all`: otherwise, newest month first and, within a month, newest record first, from the
 *   (year, month, id) index.
 */
export function listKind(f: AttendanceFilter): 'child' | 'month' | 'all' {
  if (f.orphan_id !== undefined) return 'child';
  if (f.month !== undefined && f.year !== undefined) return 'month';
  return 'all';
}

/** One page of the list (`page`: limit and offset), or its total (no page). */
export function buildAttendanceList(db: Kysely<DB>, scope: SiteScope, f: AttendanceFilter, page?: { limit: number; offset: number }) {
  const kind = listKind(f);
  if (kind === 'month') {
    // From the child to the record: SQLite keeps a CROSS JOIN's order, so it walks the orphans
    // index in name order; PostgreSQL plans the same from the index order and the LIMIT.
    let q = db
      .selectFrom('orphans')
      .crossJoin('attendances')
      .whereRef('attendances.orphan_id', '=', 'orphans.id')
      .where('attendances.year', '=', f.year!)
      .where('attendances.month', '=', f.month!)
      .where('orphans.deleted_at', 'is', null);
    if (f.class_grade !== undefined) q = q.where('orphans.class_grade', '=', f.class_grade);
    q = withinScope(q, scope);
    if (!page) return q.select((eb) => eb.fn.countAll<number>().as('total'));
    return q.select(COLUMNS).orderBy('orphans.last_name').orderBy('orphans.first_name').orderBy('orphans.id').limit(page.limit).offset(page.offset);
  }
  let q = listWithOrphan(db, scope);
  if (kind === 'child') q = q.where('attendances.orphan_id', '=', f.orphan_id!);
  if (f.year !== undefined) q = q.where('attendances.year', '=', f.year);
  if (f.month !== undefined) q = q.where('attendances.month', '=', f.month);
  if (f.class_grade !== undefined) q = q.where('orphans.class_grade', '=', f.class_grade);
  if (!page) return q.clearSelect().select((eb) => eb.fn.countAll<number>().as('total'));
  // A child has one record a month: (year, month) orders its records fully, straight from the unique index.
  if (kind === 'child') q = q.orderBy('attendances.orphan_id', 'desc').orderBy('attendances.year', 'desc').orderBy('attendances.month', 'desc');
  else q = q.orderBy('attendances.year', 'desc').orderBy('attendances.month', 'desc').orderBy('attendances.id', 'desc');
  return q.limit(page.limit).offset(page.offset);
}

export async function attendancePageRows(db: Kysely<DB>, scope: SiteScope, f: AttendanceFilter, limit: number, offset: number): Promise<AttendanceWithOrphan[]> {
  return withFatherNames((await buildAttendanceList(db, scope, f, { limit, offset }).execute()) as AttendanceWithOrphan[], (r) => r.orphan_id);
}

export async function countAttendance(db: Kysely<DB>, scope: SiteScope, f: AttendanceFilter): Promise<number> {
  const row = (await buildAttendanceList(db, scope, f).executeTakeFirst()) as { total: number | string } | undefined;
  return Number(row?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// One child's months (the attendance summary)

export type MonthCounts = Pick<AttendanceRow, 'year' | 'month' | 'present_days' | 'absent_days' | 'late_days' | 'excused_days'>;

/** Children's months newest first, from attendances_child_counts_idx alone (migration 0023). */
export const buildChildMonths = (db: Kysely<DB>, orphanIds: readonly number[]) =>
  db
    .selectFrom('attendances')
    .select(['orphan_id', 'year', 'month', 'present_days', 'absent_days', 'late_days', 'excused_days'])
    .where('orphan_id', 'in', orphanIds)
    .orderBy('orphan_id', 'desc')
    .orderBy('year', 'desc')
    .orderBy('month', 'desc');

interface SummaryChild {
  id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
}
export type ChildWithMonths = { child: SummaryChild; months: MonthCounts[] };

/** The child (outside the trash) and its months newest first, or undefined. */
export async function childWithMonths(db: Kysely<DB>, scope: SiteScope, orphanId: number): Promise<ChildWithMonths | undefined> {
  return (await childrenWithMonths(db, scope, [orphanId])).get(orphanId);
}

/** Many children's (a batch's) as childWithMonths, by id: two statements per 500 children instead of two each. */
export async function childrenWithMonths(db: Kysely<DB>, scope: SiteScope, orphanIds: readonly number[]): Promise<Map<number, ChildWithMonths>> {
  const found = new Map<number, ChildWithMonths>();
  for (let i = 0; i < orphanIds.length; i += 500) {
    const ids = orphanIds.slice(i, i + 500);
    const children = withFatherNames(await withinScope(db.selectFrom('orphans').select(['id', 'first_name', 'last_name', 'father_name']).where('id', 'in', ids).where('deleted_at', 'is', null), scope).execute(), (c) => c.id);
    if (!children.length) continue;
    for (const child of children) found.set(child.id, { child, months: [] });
    for (const { orphan_id, ...month } of await buildChildMonths(db, children.map((c) => c.id)).execute()) found.get(orphan_id)!.months.push(month);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Writing

export async function insertAttendanceRow(db: Kysely<DB>, values: NewAttendanceRow): Promise<AttendanceRow> {
  return db.insertInto('attendances').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateAttendanceRow(db: Kysely<DB>, id: number, values: Partial<NewAttendanceRow>): Promise<AttendanceRow | undefined> {
  return db.updateTable('attendances').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteAttendanceRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('attendances').where('id', '=', id).execute();
}

/** The children among `ids` who already have a record for the month. */
export async function childrenWithMonth(db: Kysely<DB>, ids: readonly number[], year: number, month: number): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('attendances').select('orphan_id').where('year', '=', year).where('month', '=', month).where('orphan_id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) found.add(r.orphan_id);
  }
  return found;
}

/** Rows of a batch per statement: 14 values a row stays far below both databases' parameter limits. */
const UPSERT_CHUNK = 500;

/**
 * Insert a month for many children at once, updating the counts and texts of a child's record
 * that already exists (its created_at and created_by stay). One statement per 500 rows.
 */
export async function upsertAttendanceRows(db: Kysely<DB>, rows: NewAttendanceRow[]): Promise<AttendanceRow[]> {
  const out: AttendanceRow[] = [];
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    const stored = await db
      .insertInto('attendances')
      .values(rows.slice(i, i + UPSERT_CHUNK))
      .onConflict((oc) =>
        oc.columns(['orphan_id', 'year', 'month']).doUpdateSet({
          present_days: sql`excluded.present_days`,
          absent_days: sql`excluded.absent_days`,
          late_days: sql`excluded.late_days`,
          excused_days: sql`excluded.excused_days`,
          absence_reasons: sql`excluded.absence_reasons`,
          notes: sql`excluded.notes`,
          updated_by: sql`excluded.updated_by`,
          updated_at: sql`excluded.updated_at`,
        }),
      )
      .returningAll()
      .execute();
    out.push(...stored);
  }
  return out;
}

/** Where the log's entries about a month link: a month has no page of its own, so the list opened on that child's month. */
export const attendanceActivityLinks: ActivityLinks = async (db, ids) =>
  pathsById(
    await db
      .selectFrom('attendances')
      .innerJoin('orphans', 'orphans.id', 'attendances.orphan_id')
      .select(['attendances.id', 'attendances.orphan_id', 'attendances.month', 'attendances.year'])
      .where('attendances.id', 'in', ids)
      .where('orphans.deleted_at', 'is', null)
      .execute(),
    (r) => `/dashboard/attendance?${new URLSearchParams({ orphan_id: String(r.orphan_id), month: String(r.month), year: String(r.year) })}`,
  );
