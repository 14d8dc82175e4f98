import { sql, type Kysely } from 'kysely';

/**
 * The orphan list's indexes hold `site_id` too, as their last column. A reader of some sites has
 * every query over children narrowed by `orphans.site_id in (…)` (orphans/orphan-scope.ts); without
 * the column, each entry a count, a deep page or an overview figure walks costs a lookup of the
 * child's row to test its site, so a one-site reader paid for a site's children what an all-sites
 * reader pays for none. With it, their totals and pages come from the indexes alone, as an
 * all-sites reader's do (plan tests: orphans/orphans-sites.test.ts, attendance/attendance-plans.test.ts).
 */
const INDEXES: Record<string, string[]> = {
  orphans_name_idx: ['last_name', 'first_name', 'id', 'father_name', 'deleted_at', 'site_id'],
  orphans_first_name_idx: ['first_name', 'last_name', 'id', 'deleted_at', 'site_id'],
  orphans_gender_grade_idx: ['gender', 'class_grade', 'last_name', 'first_name', 'id', 'deleted_at', 'site_id'],
  orphans_grade_idx: ['class_grade', 'last_name', 'first_name', 'id', 'deleted_at', 'site_id'],
  orphans_admission_idx: ['admission_date', 'id', 'deleted_at', 'site_id'],
  orphans_dob_idx: ['dob', 'id', 'deleted_at', 'site_id'],
  orphans_status_name_idx: ['status', 'last_name', 'first_name', 'id', 'deleted_at', 'site_id'],
  orphans_status_medical_idx: ['status', 'medical_condition', 'last_name', 'first_name', 'id', 'deleted_at', 'site_id'],
  orphans_birthday_status_idx: ['birthday', 'status', 'id', 'deleted_at', 'site_id'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('orphans').columns(columns).where(sql<boolean>`deleted_at is null`).execute();
  }
}
