import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * The overview's summary (decision 0049): the overview's counts and sums over every child's
 * attendance and results, kept per site by the database itself, so that GET /dashboard/data reads
 * a few rows instead of a year of records. Only the overview reads these tables, and only the
 * triggers below write them: a change made by any route, a script or a restore is counted in the
 * same transaction that makes it.
 *
 * - overview_children: per site, children outside the trash and children in care;
 * - overview_attendance_months: per site and month, the four day counts of children outside the
 *   trash, and how many children in care have a record (the rest are missing that month);
 * - overview_result_days: per site, exam date and grade, results of children outside the trash
 *   and of children in care.
 *
 * A child's state (site, trash, in care) decides where its records count: when it changes, the
 * child's records are taken out under the old state and put in under the new. "In care" is the
 * status `active` outside the trash, as the overview's cards read it.
 */

const outside = (row: string) => `case when ${row}.deleted_at is null then 1 else 0 end`;
const inCare = (row: string) => `case when ${row}.deleted_at is null and ${row}.status = 'active' then 1 else 0 end`;
const site = (row: string) => `coalesce(${row}.site_id, 0)`;

const addTo = (table: string, key: string, columns: string[]) =>
  `on conflict (${key}) do update set ${columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;

const CHILDREN = ['on_record', 'in_care'];
const MONTHS = ['present_days', 'absent_days', 'late_days', 'excused_days', 'in_care_records'];
const DAYS = ['results', 'in_care_results'];

/** A child (`o`: old or new) counted (`sign` 1) or taken out (-1) of the children per site. */
const childCounts = (o: string, sign: 1 | -1) =>
  `insert into overview_children (site_id, on_record, in_care) values (${site(o)}, ${sign} * ${outside(o)}, ${sign} * ${inCare(o)})
   ${addTo('overview_children', 'site_id', CHILDREN)}`;

/** One attendance record (`a`) of the child with id `a.orphan_id`, counted or taken out under that child's current state. */
const monthOfRecord = (a: string, sign: 1 | -1) =>
  `insert into overview_attendance_months (site_id, year, month, present_days, absent_days, late_days, excused_days, in_care_records)
   select ${site('o')}, ${a}.year, ${a}.month, ${sign} * ${a}.present_days, ${sign} * ${a}.absent_days, ${sign} * ${a}.late_days,
     ${sign} * ${a}.excused_days, ${sign} * ${inCare('o')}
   from orphans o where o.id = ${a}.orphan_id and o.deleted_at is null
   ${addTo('overview_attendance_months', 'year, month, site_id', MONTHS)}`;

/** One result (`r`) likewise. */
const dayOfResult = (r: string, sign: 1 | -1) =>
  `insert into overview_result_days (site_id, exam_date, grade, results, in_care_results)
   select ${site('o')}, ${r}.exam_date, ${r}.grade, ${sign}, ${sign} * ${inCare('o')}
   from orphans o where o.id = ${r}.orphan_id and o.deleted_at is null
   ${addTo('overview_result_days', 'exam_date, site_id, grade', DAYS)}`;

/** Every record of the child `o` (old or new), counted or taken out under that state of the child. */
const recordsOfChild = (o: string, sign: 1 | -1) => [
  childCounts(o, sign),
  `insert into overview_attendance_months (site_id, year, month, present_days, absent_days, late_days, excused_days, in_care_records)
   select ${site(o)}, a.year, a.month, ${sign} * sum(a.present_days), ${sign} * sum(a.absent_days), ${sign} * sum(a.late_days),
     ${sign} * sum(a.excused_days), ${sign} * ${inCare(o)} * count(*)
   from attendances a where a.orphan_id = ${o}.id and ${o}.deleted_at is null group by a.year, a.month
   ${addTo('overview_attendance_months', 'year, month, site_id', MONTHS)}`,
  `insert into overview_result_days (site_id, exam_date, grade, results, in_care_results)
   select ${site(o)}, r.exam_date, r.grade, ${sign} * count(*), ${sign} * ${inCare(o)} * count(*)
   from results r where r.orphan_id = ${o}.id and ${o}.deleted_at is null group by r.exam_date, r.grade
   ${addTo('overview_result_days', 'exam_date, site_id, grade', DAYS)}`,
];

const stateChanged = `old.site_id is distinct from new.site_id or old.status is distinct from new.status or (old.deleted_at is null) <> (new.deleted_at is null)`;

interface Rule {
  name: string;
  table: string;
  /** insert, delete, or `update of <columns>`. */
  on: string;
  when?: string;
  before?: boolean;
  statements: string[];
}

/** Each change and what it does to the summary. */
const RULES: Rule[] = [
  { name: 'overview_child_added', table: 'orphans', on: 'insert', statements: [childCounts('new', 1)] },
  { name: 'overview_child_changed', table: 'orphans', on: 'update of site_id, status, deleted_at', when: stateChanged, statements: [...recordsOfChild('old', -1), ...recordsOfChild('new', 1)] },
  // Before the child's row goes, while its records (removed after it by the foreign keys' cascade) can still be read.
  { name: 'overview_child_removed', table: 'orphans', on: 'delete', before: true, statements: recordsOfChild('old', -1) },
  { name: 'overview_month_added', table: 'attendances', on: 'insert', statements: [monthOfRecord('new', 1)] },
  {
    name: 'overview_month_changed',
    table: 'attendances',
    on: 'update of orphan_id, year, month, present_days, absent_days, late_days, excused_days',
    statements: [monthOfRecord('old', -1), monthOfRecord('new', 1)],
  },
  { name: 'overview_month_removed', table: 'attendances', on: 'delete', statements: [monthOfRecord('old', -1)] },
  { name: 'overview_result_added', table: 'results', on: 'insert', statements: [dayOfResult('new', 1)] },
  { name: 'overview_result_changed', table: 'results', on: 'update of orphan_id, exam_date, grade', statements: [dayOfResult('old', -1), dayOfResult('new', 1)] },
  { name: 'overview_result_removed', table: 'results', on: 'delete', statements: [dayOfResult('old', -1)] },
];

/** SQLite: a trigger with its statements; PostgreSQL: a function of them and its trigger. */
async function createTrigger(db: Kysely<unknown>, dialect: Dialect, rule: Rule): Promise<void> {
  const timing = rule.before ? 'before' : 'after';
  const body = rule.statements.map((s) => `${s};`).join('\n');
  if (dialect === 'sqlite') {
    const when = rule.when ? `when ${rule.when}` : '';
    await sql.raw(`create trigger ${rule.name} ${timing} ${rule.on} on ${rule.table} for each row ${when} begin\n${body}\nend`).execute(db);
    return;
  }
  await sql.raw(`create function ${rule.name}() returns trigger language plpgsql as $$ begin\n${body}\nreturn ${rule.before ? 'old' : 'null'}; end $$`).execute(db);
  await sql.raw(`create trigger ${rule.name} ${timing} ${rule.on} on ${rule.table} for each row ${rule.when ? `when (${rule.when})` : ''} execute function ${rule.name}()`).execute(db);
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const count = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('overview_children')
    .addColumn('site_id', 'integer', (c) => c.primaryKey())
    .addColumn('on_record', count, (c) => c.notNull())
    .addColumn('in_care', count, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('overview_attendance_months')
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('present_days', count, (c) => c.notNull())
    .addColumn('absent_days', count, (c) => c.notNull())
    .addColumn('late_days', count, (c) => c.notNull())
    .addColumn('excused_days', count, (c) => c.notNull())
    .addColumn('in_care_records', count, (c) => c.notNull())
    .addPrimaryKeyConstraint('overview_attendance_months_pkey', ['year', 'month', 'site_id'])
    .execute();
  await db.schema
    .createTable('overview_result_days')
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('exam_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('grade', 'varchar(2)', (c) => c.notNull())
    .addColumn('results', count, (c) => c.notNull())
    .addColumn('in_care_results', count, (c) => c.notNull())
    .addPrimaryKeyConstraint('overview_result_days_pkey', ['exam_date', 'site_id', 'grade'])
    .execute();

  // What is stored already, counted once.
  await sql
    .raw(
      `insert into overview_children (site_id, on_record, in_care)
       select ${site('o')}, sum(${outside('o')}), sum(${inCare('o')}) from orphans o group by ${site('o')}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into overview_attendance_months (site_id, year, month, present_days, absent_days, late_days, excused_days, in_care_records)
       select ${site('o')}, a.year, a.month, sum(a.present_days), sum(a.absent_days), sum(a.late_days), sum(a.excused_days), sum(${inCare('o')})
       from attendances a join orphans o on o.id = a.orphan_id where o.deleted_at is null group by ${site('o')}, a.year, a.month`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into overview_result_days (site_id, exam_date, grade, results, in_care_results)
       select ${site('o')}, r.exam_date, r.grade, count(*), sum(${inCare('o')})
       from results r join orphans o on o.id = r.orphan_id where o.deleted_at is null group by ${site('o')}, r.exam_date, r.grade`,
    )
    .execute(db);

  for (const rule of RULES) await createTrigger(db, dialect, rule);
}
