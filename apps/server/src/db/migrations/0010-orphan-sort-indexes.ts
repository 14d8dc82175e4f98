import { sql, type Kysely } from 'kysely';

/**
 * Every order the orphan list offers is read from an index (migration 0009 dropped first name
 * and date of birth, which then sorted the whole table on every page). Narrow and partial like the others: the sort keys and id, children outside the
 * trash only. The id index serves the `id` order without reading every skipped row to test
 * `deleted_at`; new ids append to its last
 * page, so it costs a create little. A test checks every offered order's plan on both databases
 * (orphans/orphans-sort-plans.test.ts).
 */
const INDEXES: Record<string, string[]> = {
  orphans_first_name_idx: ['first_name', 'last_name', 'id'],
  orphans_dob_idx: ['dob', 'id'],
  orphans_id_idx: ['id'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('orphans').columns(columns).where(sql<boolean>`deleted_at is null`).execute();
  }
}
