import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * A number that changes with every change to the orphans table, in the same statement (a
 * trigger, so no code path can forget it). A process may keep an answer computed from the
 * table — a search's sorted result — only while this number is unchanged (lib/versioned-cache.ts).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`insert into counters (name, value) values ('orphans_version', 1)`.execute(db);
  if (dialect === 'postgres') {
    await sql`create function bump_orphans_version() returns trigger language plpgsql as $$
      begin
        update counters set value = value + 1 where name = 'orphans_version';
        return null;
      end $$`.execute(db);
    await sql`create trigger orphans_version after insert or update or delete on orphans
      for each statement execute function bump_orphans_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.raw(`orphans_${event}_version`)} after ${sql.raw(event)} on orphans begin
        update counters set value = value + 1 where name = 'orphans_version';
      end`.execute(db);
  }
}
