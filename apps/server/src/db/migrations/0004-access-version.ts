import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * A number that changes whenever who-may-do-what changes: a role gains or loses a permission,
 * a user gains or loses a role, a role is renamed or deleted. Every server process reads it with
 * the token on each request and keeps a user's grants only as long as it is unchanged, so a
 * change still takes effect on the next request, in every process. Triggers bump it, so no code
 * path (or hand-made SQL) can change access and forget to.
 */
const WATCHED: Array<{ table: string; events: string[] }> = [
  { table: 'user_roles', events: ['insert', 'update', 'delete'] },
  { table: 'role_permissions', events: ['insert', 'update', 'delete'] },
  { table: 'roles', events: ['update', 'delete'] },
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`insert into counters (name, value) values ('access_version', 1)`.execute(db);
  if (dialect === 'postgres') {
    await sql`create function bump_access_version() returns trigger language plpgsql as $$
      begin
        update counters set value = value + 1 where name = 'access_version';
        return null;
      end $$`.execute(db);
    for (const { table, events } of WATCHED) {
      await sql`create trigger ${sql.raw(`${table}_access_version`)} after ${sql.raw(events.join(' or '))} on ${sql.table(table)}
        for each statement execute function bump_access_version()`.execute(db);
    }
    return;
  }
  for (const { table, events } of WATCHED) {
    for (const event of events) {
      await sql`create trigger ${sql.raw(`${table}_${event}_access_version`)} after ${sql.raw(event)} on ${sql.table(table)} begin
          update counters set value = value + 1 where name = 'access_version';
        end`.execute(db);
    }
  }
}
