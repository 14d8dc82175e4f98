import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import { withId } from '../columns.ts';

/**
 * Transfers: each move of a child from one site to another, with the day, the reason and who
 * recorded it — the history on the child's page. The moves go with the child when it is purged;
 * a site named in a move cannot be deleted (no cascade: the history must not change), it can be
 * made inactive. Read a child's at a time, latest first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('transfers'), dialect)
    .addColumn('orphan_id', 'integer', (c) => c.notNull().references('orphans.id').onDelete('cascade'))
    .addColumn('from_site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('to_site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transfers_orphan_idx').on('transfers').columns(['orphan_id', 'id']).execute();
  // "Does any move name this site?" (a site's delete) without reading every move.
  await db.schema.createIndex('transfers_from_site_idx').on('transfers').column('from_site_id').execute();
  await db.schema.createIndex('transfers_to_site_idx').on('transfers').column('to_site_id').execute();
}
