import { sql, type Kysely } from 'kysely';

/**
 * The orphan list's indexes hold `deleted_at` again, as their last column (migration 0009 had
 * narrowed it away). They are partial (children outside the trash), but SQLite does not count
 * a partial index's own condition as covered: without the column, every entry a count or a page
 * walks costs a lookup of the child's row to test it. With it, a list's total, the rows skipped
 * before a deep page, and the attendance list's children of one grade for a month come from the
 * indexes alone (plan tests: orphans/orphans-sort-plans.test.ts, attendance/attendance-plans.test.ts).
 */
const INDEXES: Record<string, string[]> = {
  orphans_name_idx: ['last_name', 'first_name', 'id', 'father_name', 'deleted_at'],
  orphans_first_name_idx: ['first_name', 'last_name', 'id', 'deleted_at'],
  orphans_gender_grade_idx: ['gender', 'class_grade', 'last_name', 'first_name', 'id', 'deleted_at'],
  orphans_grade_idx: ['class_grade', 'last_name', 'first_name', 'id', 'deleted_at'],
  orphans_admission_idx: ['admission_date', 'id', 'deleted_at'],
  orphans_dob_idx: ['dob', 'id', 'deleted_at'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('orphans').columns(columns).where(sql<boolean>`deleted_at is null`).execute();
  }
}
