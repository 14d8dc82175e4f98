import { sql, type Kysely } from 'kysely';

/**
 * Each log entry names the child it is about (`orphan_id`): a child's own entry, or one about a
 * child's result, month or gallery item. The log then keeps an entry to readers of the child's
 * site, and a purge takes the child's name out of its entries, by that one column, whatever the
 * kind of record — a new kind of child's record needs no list of its own in the log.
 *
 * Entries written before: a child's own entry names its child; one about a record still there
 * takes the record's child; one about a record gone since names no child that exists (0), so
 * that, as before, only a reader of every site sees it.
 */
const RECORDS: Record<string, string> = { result: 'results', attendance: 'attendances', media: 'media' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('orphan_id', 'integer').execute();
  await sql`update activities set orphan_id = subject_id where subject_type = 'orphan' and subject_id is not null`.execute(db);
  for (const [kind, table] of Object.entries(RECORDS)) {
    await sql`update activities set orphan_id = coalesce((select x.orphan_id from ${sql.table(table)} x where x.id = activities.subject_id), 0)
      where subject_type = ${kind} and subject_id is not null`.execute(db);
  }
  await db.schema.createIndex('activities_orphan_idx').on('activities').column('orphan_id').where(sql<boolean>`orphan_id is not null`).execute();
}
