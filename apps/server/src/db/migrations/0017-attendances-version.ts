import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * A number that changes with every change to the attendances table, in the same statement (a
 * trigger, as `orphans_version` in migration 0008, so no code path — a batch, a cascade from a
 * purged child — can forget it). The attendance list keeps a page and its total only while this
 * number and `orphans_version` are unchanged (attendance.service.ts, decision 0027): counting one
 * grade's month probes thousands of children.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`insert into counters (name, value) values ('attendances_version', 1)`.execute(db);
  if (dialect === 'postgres') {
    await sql`create function bump_attendances_version() returns trigger language plpgsql as $$
      begin
        update counters set value = value + 1 where name = 'attendances_version';
        return null;
      end $$`.execute(db);
    await sql`create trigger attendances_version after insert or update or delete on attendances
      for each statement execute function bump_attendances_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.raw(`attendances_${event}_version`)} after ${sql.raw(event)} on attendances begin
        update counters set value = value + 1 where name = 'attendances_version';
      end`.execute(db);
  }
}
