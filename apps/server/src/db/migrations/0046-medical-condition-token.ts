import { sql, type Kysely } from 'kysely';

/**
 * A child's medical condition gets a blind-index token beside its sealed value (decision 0060):
 * the overview counts and lists the children in care who need attention from an index, opening
 * only the conditions it shows. The index replaces the one over the sealed condition (which no
 * query can use), in the overview's order and ending with site_id as the list indexes do (0041).
 * A migration has no key to make tokens with: the key's record is dropped, so the next start
 * with the key walks the children once and writes them (orphans/child-fields-seal.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orphans').addColumn('medical_token', 'text').execute();
  await db.schema.dropIndex('orphans_status_medical_idx').ifExists().execute();
  await db.schema
    .createIndex('orphans_status_medical_idx')
    .on('orphans')
    .columns(['status', 'medical_token', 'last_name', 'first_name', 'id', 'deleted_at', 'site_id'])
    .where(sql<boolean>`deleted_at is null`)
    .execute();
  await sql`delete from app_keys where name = 'data-fields-key'`.execute(db);
}
