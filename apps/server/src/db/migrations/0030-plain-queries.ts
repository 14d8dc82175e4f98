import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * Reads are plain indexed queries and writes plain transactions: what kept answers and counts
 * for them goes. The per-child answers table (with its triggers), and every trigger that kept a
 * row count or a version number, with the `counters` table they wrote (the answers' backfill
 * markers were rows of it). Only the search index's triggers stay (migration 0002, SQLite).
 */
const KEPT_TRIGGER = /^orphans_fts_/;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ name: string; table: string; fn: string }>`
      select t.tgname as name, c.relname as table, p.proname as fn
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = current_schema()`.execute(db);
    const dropped = rows.filter((r) => !KEPT_TRIGGER.test(r.name));
    for (const r of dropped) await sql`drop trigger ${sql.id(r.name)} on ${sql.id(r.table)}`.execute(db);
    for (const fn of new Set(dropped.map((r) => r.fn))) await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
  } else {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger'`.execute(db);
    for (const r of rows.filter((r) => !KEPT_TRIGGER.test(r.name))) await sql`drop trigger ${sql.id(r.name)}`.execute(db);
  }
  await db.schema.dropTable('child_answers').execute();
  await db.schema.dropTable('counters').execute();
}
