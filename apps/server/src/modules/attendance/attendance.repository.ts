import { PostgresAdapter, sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { arg, databaseIdentity, preparedQuery, preparedShapes } from '../../db/prepared-query.ts';
import type { AttendancesTable, DB } from '../../db/schema.ts';

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

const withOrphan = (db: Kysely<DB>) =>
  db.selectFrom('attendances').innerJoin('orphans', 'orphans.id', 'attendances.orphan_id').select(COLUMNS).where('orphans.deleted_at', 'is', null);

const attendanceById = preparedQuery<DB, [number], AttendanceWithOrphan>((db) => withOrphan(db).where('attendances.id', '=', arg<number>(0)));

export async function findAttendance(db: Kysely<DB>, id: number): Promise<AttendanceWithOrphan | undefined> {
  return (await attendanceById(db, id))[0];
}

const idOfChildMonth = preparedQuery<DB, [number, number, number], { id: number }>((db) =>
  db.selectFrom('attendances').select('id').where('orphan_id', '=', arg<number>(0)).where('year', '=', arg<number>(1)).where('month', '=', arg<number>(2)),
);

/** The id of a child's record for a month, if there is one (trashed or not: the month is taken either way). */
export async function findChildMonth(db: Kysely<DB>, orphanId: number, year: number, month: number): Promise<number | undefined> {
  return (await idOfChildMonth(db, orphanId, year, month))[0]?.id;
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

interface Shape {
  kind: ReturnType<typeof listKind>;
  month: boolean;
  year: boolean;
  grade: boolean;
  count: boolean;
}
const shapeOf = (f: AttendanceFilter, count: boolean): Shape => ({ kind: listKind(f), month: f.month !== undefined, year: f.year !== undefined, grade: f.class_grade !== undefined, count });

/** Arguments: orphan_id, year, month, class_grade, limit, offset. */
export function buildAttendanceList(db: Kysely<DB>, s: Shape) {
  if (s.kind === 'month') {
    // From the child to the record: SQLite keeps a CROSS JOIN's order, so it walks the orphans
    // index in name order; PostgreSQL plans the same from the index order and the LIMIT.
    let q = db
      .selectFrom('orphans')
      .crossJoin('attendances')
      .whereRef('attendances.orphan_id', '=', 'orphans.id')
      .where('attendances.year', '=', arg<number>(1))
      .where('attendances.month', '=', arg<number>(2))
      .where('orphans.deleted_at', 'is', null);
    if (s.grade) q = q.where('orphans.class_grade', '=', arg<string>(3));
    if (s.count) return q.select((eb) => eb.fn.countAll<number>().as('total'));
    return q.select(COLUMNS).orderBy('orphans.last_name').orderBy('orphans.first_name').orderBy('orphans.id').limit(arg<number>(4)).offset(arg<number>(5));
  }
  let q = withOrphan(db);
  if (s.kind === 'child') q = q.where('attendances.orphan_id', '=', arg<number>(0));
  if (s.year) q = q.where('attendances.year', '=', arg<number>(1));
  if (s.month) q = q.where('attendances.month', '=', arg<number>(2));
  if (s.grade) q = q.where('orphans.class_grade', '=', arg<string>(3));
  if (s.count) return q.clearSelect().select((eb) => eb.fn.countAll<number>().as('total'));
  // A child has one record a month: (year, month) orders its records fully, straight from the unique index.
  if (s.kind === 'child') q = q.orderBy('attendances.orphan_id', 'desc').orderBy('attendances.year', 'desc').orderBy('attendances.month', 'desc');
  else q = q.orderBy('attendances.year', 'desc').orderBy('attendances.month', 'desc').orderBy('attendances.id', 'desc');
  return q.limit(arg<number>(4)).offset(arg<number>(5));
}

const shapeKey = (s: Shape) => `${s.kind}${+s.month}${+s.year}${+s.grade}${+s.count}`;
const pageShapes = preparedShapes<DB, Shape, AttendanceWithOrphan>(shapeKey, (db, s) => buildAttendanceList(db, s) as never);
const countShapes = preparedShapes<DB, Shape, { total: number | string }>(shapeKey, (db, s) => buildAttendanceList(db, s) as never);

export const attendanceListArgs = (f: AttendanceFilter, limit: number, offset: number): unknown[] => [f.orphan_id, f.year, f.month, f.class_grade, limit, offset];
export const attendanceListShape = shapeOf;

export function attendancePageRows(db: Kysely<DB>, f: AttendanceFilter, limit: number, offset: number): Promise<AttendanceWithOrphan[]> {
  return pageShapes(db, shapeOf(f, false), attendanceListArgs(f, limit, offset));
}

export async function countAttendance(db: Kysely<DB>, f: AttendanceFilter): Promise<number> {
  const [row] = await countShapes(db, shapeOf(f, true), attendanceListArgs(f, 0, 0));
  return Number(row?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// One child's months (the attendance summary)

export type MonthCounts = Pick<AttendanceRow, 'year' | 'month' | 'present_days' | 'absent_days' | 'late_days' | 'excused_days'>;

/** Newest month first, from attendances_child_counts_idx alone (migration 0023). */
const childMonthsQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('attendances')
    .select(['year', 'month', 'present_days', 'absent_days', 'late_days', 'excused_days'])
    // The outer query's child (buildChildSummary).
    .where('attendances.orphan_id', '=', sql.ref<number>('orphans.id'))
    .orderBy('orphan_id', 'desc')
    .orderBy('year', 'desc')
    .orderBy('month', 'desc');

/**
 * A child outside the trash and its months, in one statement. The months come as one JSON array
 * of `[year, month, present, absent, late, excused]`, built by the database: a value per child
 * instead of six per month, each of which better-sqlite3 would turn into JavaScript (about half
 * the cost of the read; docs/benchmarks/2026-11-24-academic-reads-per-child.md). Argument: orphan_id.
 */
export const buildChildSummary = (db: Kysely<DB>) => childrenSummaries(db).where('orphans.id', '=', arg<number>(0));

/** Children outside the trash, each with its months as one JSON array (see buildChildSummary); the caller picks them. */
function childrenSummaries(db: Kysely<DB>) {
  const postgres = databaseIdentity(db) instanceof PostgresAdapter;
  const row = postgres ? sql`json_build_array(m.year, m.month, m.present_days, m.absent_days, m.late_days, m.excused_days)` : sql`json_array(m.year, m.month, m.present_days, m.absent_days, m.late_days, m.excused_days)`;
  const months = sql<string | MonthArray[]>`(select coalesce(${sql.raw(postgres ? 'json_agg' : 'json_group_array')}(${row}), ${postgres ? sql`'[]'::json` : sql`'[]'`}) from (${childMonthsQuery(db)}) as m)`;
  return db
    .selectFrom('orphans')
    .select(['orphans.id', 'orphans.first_name', 'orphans.last_name', 'orphans.father_name', months.as('months')])
    .where('orphans.deleted_at', 'is', null);
}

type MonthArray = [year: number, month: number, present: number, absent: number, late: number, excused: number];
interface ChildSummaryRow {
  id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  /** SQLite answers the JSON as text; pg parses it. */
  months: string | MonthArray[];
}
const childSummary = preparedQuery<DB, [number], ChildSummaryRow>(buildChildSummary);

export type ChildWithMonths = { child: Omit<ChildSummaryRow, 'months'>; months: MonthCounts[] };

function withMonths(row: ChildSummaryRow): ChildWithMonths {
  const list: MonthArray[] = typeof row.months === 'string' ? JSON.parse(row.months) : row.months;
  return {
    child: { id: row.id, first_name: row.first_name, last_name: row.last_name, father_name: row.father_name },
    months: list.map(([year, month, present_days, absent_days, late_days, excused_days]) => ({ year, month, present_days, absent_days, late_days, excused_days })),
  };
}

/** The child (outside the trash) and its months newest first, or undefined. */
export async function childWithMonths(db: Kysely<DB>, orphanId: number): Promise<ChildWithMonths | undefined> {
  const [row] = await childSummary(db, orphanId);
  return row && withMonths(row);
}

/** Many children's (a batch's) as childWithMonths, by id: one statement per 500 children instead of one each. */
export async function childrenWithMonths(db: Kysely<DB>, orphanIds: readonly number[]): Promise<Map<number, ChildWithMonths>> {
  const found = new Map<number, ChildWithMonths>();
  for (let i = 0; i < orphanIds.length; i += 500) {
    const rows = (await childrenSummaries(db).where('orphans.id', 'in', orphanIds.slice(i, i + 500)).execute()) as ChildSummaryRow[];
    for (const row of rows) found.set(row.id, withMonths(row));
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
