import { sql, type Kysely } from 'kysely';

/**
 * The orphan list of one site (the `site_id` filter, and every list of a user who holds one site)
 * in its default order, read from an index: (site_id, names, id) over the children outside the
 * trash, ending with deleted_at as the other list indexes do (migration 0031: SQLite then counts
 * a site's children from the index alone). Plan test: orphans/orphans-site-plans.test.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orphans_site_name_idx')
    .on('orphans')
    .columns(['site_id', 'last_name', 'first_name', 'id', 'deleted_at'])
    .where(sql<boolean>`deleted_at is null`)
    .execute();
}
