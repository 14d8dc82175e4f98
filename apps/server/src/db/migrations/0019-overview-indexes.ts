import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * What the overview (GET /dashboard/data, modules/dashboard) reads, from indexes instead of the
 * tables (its plan test: modules/dashboard/dashboard-plans.test.ts), and the version that lets it
 * keep what it computed (decision 0027's mechanism):
 *
 * - orphans (status, medical_condition, names, id): children in care (status 'active') counted from
 *   the index, and those whose condition needs attention listed by condition and name;
 * - orphans (status, names, id): children in care in name order, each probed for last month's
 *   attendance through the unique (orphan_id, year, month) key;
 * - orphans (birthday, status, id): birthdays of children in care in the next 30 days, counted
 *   and listed soonest first (`birthday` is dob's MM-DD, migration 0002);
 * - attendances (year, month, the four counts, orphan_id): a month's attendance rate summed from
 *   the index, leaving out the rows of children in the trash (a short list, looked up once);
 * - results (exam_date, grade, orphan_id): results by grade band over twelve months, and exams
 *   to come, by date.
 * The orphans indexes hold only children outside the trash and end with deleted_at, as the list
 * indexes do (migration 0002: SQLite then counts from the index alone).
 *
 * `results_version` moves on with every change to results, by trigger as `attendances_version`
 * (migration 0017): the overview keeps its figures at the sum of the orphans, attendances and
 * results versions.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const active = sql<boolean>`deleted_at is null`;
  const orphansIndex = (name: string, columns: string[]) => db.schema.createIndex(name).on('orphans').columns(columns).where(active).execute();
  await orphansIndex('orphans_status_medical_idx', ['status', 'medical_condition', 'last_name', 'first_name', 'id', 'deleted_at']);
  await orphansIndex('orphans_status_name_idx', ['status', 'last_name', 'first_name', 'id', 'deleted_at']);
  await orphansIndex('orphans_birthday_status_idx', ['birthday', 'status', 'id', 'deleted_at']);
  // The birthday index of migration 0002 is this one's prefix: one index less to keep on every write.
  await db.schema.dropIndex('orphans_birthday_idx').execute();
  await db.schema
    .createIndex('attendances_month_counts_idx')
    .on('attendances')
    .columns(['year', 'month', 'present_days', 'absent_days', 'late_days', 'excused_days', 'orphan_id'])
    .execute();
  await db.schema.createIndex('results_exam_date_idx').on('results').columns(['exam_date', 'grade', 'orphan_id']).execute();

  await sql`insert into counters (name, value) values ('results_version', 1)`.execute(db);
  if (dialect === 'postgres') {
    await sql`create function bump_results_version() returns trigger language plpgsql as $$
      begin
        update counters set value = value + 1 where name = 'results_version';
        return null;
      end $$`.execute(db);
    await sql`create trigger results_version after insert or update or delete on results
      for each statement execute function bump_results_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.raw(`results_${event}_version`)} after ${sql.raw(event)} on results begin
        update counters set value = value + 1 where name = 'results_version';
      end`.execute(db);
  }
}
