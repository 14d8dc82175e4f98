import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import { withId } from '../columns.ts';

/**
 * Academic results and monthly attendance (spec section 3). Both belong to a child and
 * go with it: a purged child's rows are deleted by the foreign key (ON DELETE CASCADE); a trashed
 * child's stay and are hidden by joining on orphans.deleted_at, so restoring brings them back.
 *
 * Indexes, each for a read that must not sort or scan the table (a plan test checks them:
 * modules/attendance/academics-plans.test.ts):
 * - results (orphan_id, year, exam_date, id): one child's results, newest first — the list
 *   filtered by child and the child's results summary;
 * - results (year, exam_date, id): the list without a child, newest first (by year too);
 * - attendances unique (orphan_id, year, month): one record per child per month, one child's
 *   list and attendance summary, and the probe the month-and-grade list makes per child (that
 *   list walks the orphans grade/name index in name order and looks each child's month up here);
 * - attendances (year, month, id): the list without a child or a chosen month, newest first.
 * Marks are `double precision` (SQLite: REAL): at most two decimals, checked by the shared schema.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const mark = 'double precision';
  await withId(db.schema.createTable('results'), dialect)
    .addColumn('orphan_id', 'integer', (c) => c.notNull().references('orphans.id').onDelete('cascade'))
    .addColumn('result_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(100)', (c) => c.notNull())
    .addColumn('term', 'varchar(20)')
    .addColumn('exam_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('grade', 'varchar(2)', (c) => c.notNull())
    .addColumn('assessed_by', 'varchar(100)')
    .addColumn('comments', 'text')
    .addColumn('total', mark)
    .addColumn('average', mark)
    .addColumn('score', mark)
    .addColumn('ethics_score', mark)
    .addColumn('uniform_score', mark)
    .addColumn('relationship_score', mark)
    .addColumn('course_type', 'varchar(20)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('results_orphan_idx').on('results').columns(['orphan_id', 'year', 'exam_date', 'id']).execute();
  await db.schema.createIndex('results_year_idx').on('results').columns(['year', 'exam_date', 'id']).execute();

  await withId(db.schema.createTable('attendances'), dialect)
    .addColumn('orphan_id', 'integer', (c) => c.notNull().references('orphans.id').onDelete('cascade'))
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('present_days', 'integer', (c) => c.notNull())
    .addColumn('absent_days', 'integer', (c) => c.notNull())
    .addColumn('late_days', 'integer', (c) => c.notNull())
    .addColumn('excused_days', 'integer', (c) => c.notNull())
    .addColumn('absence_reasons', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('attendances_orphan_month_key', ['orphan_id', 'year', 'month'])
    .execute();
  await db.schema.createIndex('attendances_month_idx').on('attendances').columns(['year', 'month', 'id']).execute();
}
