import { sql, type Kysely } from 'kysely';

/**
 * The orphan list indexes keep only their sort keys again (decision 0009). Migration 0007 made
 * them hold every list column so a page came from the index alone; list pages are now kept per
 * `orphans_version` (lib/versioned-cache.ts), so a page is read from the database only after
 * a change, and then its ten rows cost ten lookups by id. Every write, meanwhile, paid for four
 * wide index entries: narrow ones cut the writer's work per child by 12–18 %. The name index
 * keeps `father_name` for the selector view, which reads every child in name order.
 */
const INDEXES: Record<string, string[]> = {
  orphans_name_idx: ['last_name', 'first_name', 'id', 'father_name'],
  orphans_gender_grade_idx: ['gender', 'class_grade', 'last_name', 'first_name', 'id'],
  orphans_grade_idx: ['class_grade', 'last_name', 'first_name', 'id'],
  orphans_admission_idx: ['admission_date', 'id'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('orphans').columns(columns).where(sql<boolean>`deleted_at is null`).execute();
  }
}
