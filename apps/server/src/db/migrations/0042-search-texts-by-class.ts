import { sql, type Kysely } from 'kysely';
import { nameSearchText } from '../../modules/orphans/orphan-search-text.ts';
import type { Dialect } from '../../config.ts';
import type { DB } from '../schema.ts';

/**
 * Search reads each class's words apart (need to know): `search_text` keeps the child's own names,
 * `search_family` the father's and grandfather's names, `search_identity` the id numbers, so a
 * reader who may not view a class cannot narrow a search by its words. The texts are recomputed
 * for the children already stored, with the rule every save uses (orphans/orphan-search-text.ts).
 * (The family and identity texts now hold keyed tokens, written at the first start: 0060.) The search index covers all three: FTS5 columns on SQLite, kept by its triggers; on PostgreSQL
 * one GIN index over the three texts weighted A, B, C, so a query holds each word to the weights
 * of the texts the reader may search.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const typed = db as unknown as Kysely<DB>;
  for (const column of ['search_family', 'search_identity']) {
    await db.schema.alterTable('orphans').addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();
  }
  if (dialect === 'postgres') await sql`drop index if exists orphans_search_idx`.execute(db);
  else {
    for (const t of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.raw(`orphans_fts_${t}`)}`.execute(db);
    await sql`drop table if exists orphans_fts`.execute(db);
  }

  const BATCH = 1000;
  for (let after = 0; ; ) {
    const rows = await typed
      .selectFrom('orphans')
      .select(['id', 'first_name', 'last_name', 'father_name', 'grandfather_name', 'school_id_number', 'identity_card_number'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    // The family and identity texts are left to the first start with the data key, which seals
    // the values and writes their keyed tokens (orphans/child-fields-seal.ts, decision 0060).
    for (const row of rows) await typed.updateTable('orphans').set({ search_text: nameSearchText(row), search_family: '', search_identity: '' }).where('id', '=', row.id).execute();
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }

  if (dialect === 'postgres') {
    await sql`create index orphans_search_idx on orphans using gin ((setweight(to_tsvector('simple'::regconfig, search_text), 'A') || setweight(to_tsvector('simple'::regconfig, search_family), 'B') || setweight(to_tsvector('simple'::regconfig, search_identity), 'C'))) where deleted_at is null`.execute(db);
    return;
  }
  // As before (migration 0002): external content, only children outside the trash indexed, one
  // update trigger so the delete of the old entry runs before the insert of the new.
  await sql`create virtual table orphans_fts using fts5(search_text, search_family, search_identity, content='orphans', content_rowid='id', tokenize='unicode61 remove_diacritics 0', prefix='1 2 3')`.execute(db);
  await sql`insert into orphans_fts (rowid, search_text, search_family, search_identity) select id, search_text, search_family, search_identity from orphans where deleted_at is null`.execute(db);
  await sql`create trigger orphans_fts_insert after insert on orphans when new.deleted_at is null begin
      insert into orphans_fts (rowid, search_text, search_family, search_identity) values (new.id, new.search_text, new.search_family, new.search_identity);
    end`.execute(db);
  await sql`create trigger orphans_fts_delete after delete on orphans when old.deleted_at is null begin
      insert into orphans_fts (orphans_fts, rowid, search_text, search_family, search_identity) values ('delete', old.id, old.search_text, old.search_family, old.search_identity);
    end`.execute(db);
  await sql`create trigger orphans_fts_update after update of search_text, search_family, search_identity, deleted_at on orphans begin
      insert into orphans_fts (orphans_fts, rowid, search_text, search_family, search_identity) select 'delete', old.id, old.search_text, old.search_family, old.search_identity where old.deleted_at is null;
      insert into orphans_fts (rowid, search_text, search_family, search_identity) select new.id, new.search_text, new.search_family, new.search_identity where new.deleted_at is null;
    end`.execute(db);
}
