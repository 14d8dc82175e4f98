import { sql, type Kysely } from 'kysely';

/**
 * The orphan list indexes hold every column the list shows, so a page (and the rows skipped
 * before it) is read from the index alone, never from the wide rows. Kept: one index per order
 * the list screen offers (name, admission date) and per filter it offers (gender + grade,
 * grade). Dropped: the first-name and date-of-birth orders, which no screen offers — the API
 * still sorts by them, by reading the rows — because every index is paid for by every write.
 */
const LIST = ['father_name', 'grandfather_name', 'dob', 'admission_date', 'status', 'photo_thumb_path', 'deleted_at'];

const INDEXES: Record<string, string[]> = {
  orphans_name_idx: ['last_name', 'first_name', 'id', 'gender', 'class_grade', ...LIST],
  orphans_gender_grade_idx: ['gender', 'class_grade', 'last_name', 'first_name', 'id', ...LIST],
  orphans_grade_idx: ['class_grade', 'last_name', 'first_name', 'id', 'gender', ...LIST],
  orphans_admission_idx: ['admission_date', 'id', 'last_name', 'first_name', 'gender', 'class_grade', ...LIST.filter((c) => c !== 'admission_date')],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orphans_first_name_idx').ifExists().execute();
  await db.schema.dropIndex('orphans_dob_idx').ifExists().execute();
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('orphans').columns(columns).where(sql<boolean>`deleted_at is null`).execute();
  }
}
