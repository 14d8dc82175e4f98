import type { Kysely } from 'kysely';

/**
 * The activity log's screen (GET /activities) reads newest first — `created_at desc, id desc` —
 * with at most one of these equality filters and an optional range of days. Each index below is
 * one equality prefix followed by the order, so every filtered page (and its count) is a range of
 * one index read in order, never a sort of the log or a scan of it; the log only grows (100,000
 * entries is a few years of changes). Migration 0001's `(created_at)` and `(subject_type,
 * subject_id)` are replaced by wider ones: on PostgreSQL they could not give the `id` tie-break
 * order, and the wider ones serve every lookup the narrow ones did. A test checks the plans on
 * both databases (activities/activities-plans.test.ts).
 */
const INDEXES: Record<string, string[]> = {
  activities_time_idx: ['created_at', 'id'],
  activities_user_time_idx: ['user_id', 'created_at', 'id'],
  activities_type_time_idx: ['type', 'created_at', 'id'],
  activities_subject_type_time_idx: ['subject_type', 'created_at', 'id'],
  activities_subject_time_idx: ['subject_type', 'subject_id', 'created_at', 'id'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activities_created_idx').ifExists().execute();
  await db.schema.dropIndex('activities_subject_idx').ifExists().execute();
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('activities').columns(columns).execute();
  }
}
