import type { Kysely } from 'kysely';
import { nameSearchText } from '../../modules/orphans/orphan-search-text.ts';
import type { DB } from '../schema.ts';

/**
 * `search_text` now also holds each id number written together ("sch2005" beside "sch" and
 * "2005"), so "SCH2005" finds "SCH-2005". Recomputed here for the children already stored, with
 * the rule every save uses (orphans/orphan-search-text.ts): the column is derived, so the current
 * rule is the right one even if it changes later (it now holds the child's own names only; the
 * other words went to their own columns, migration 0042). The search index follows by its triggers
 * (SQLite) or its expression (PostgreSQL). Once, at the first start after the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<DB>;
  const BATCH = 1000;
  for (let after = 0; ; ) {
    const rows = await typed
      .selectFrom('orphans')
      .select(['id', 'first_name', 'last_name', 'father_name', 'grandfather_name', 'school_id_number', 'identity_card_number', 'search_text'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const text = nameSearchText(row);
      if (text !== row.search_text) await typed.updateTable('orphans').set({ search_text: text }).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
}
