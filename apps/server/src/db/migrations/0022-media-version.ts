import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * `media_version`: a number that changes with every change to the media table, in the same
 * statement (a trigger per statement, as `attendances_version` in migration 0017 and
 * `results_version` in migration 0019), so an upload, an edit, a finished transcode, a delete or a
 * script's write cannot forget it. A child's gallery list is kept as the JSON sent while this
 * number and `orphans_version` are unchanged (lib/kept-answers.ts, decision 0034).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`insert into counters (name, value) values ('media_version', 1)`.execute(db);
  if (dialect === 'postgres') {
    await sql`create function bump_media_version() returns trigger language plpgsql as $$
      begin
        update counters set value = value + 1 where name = 'media_version';
        return null;
      end $$`.execute(db);
    await sql`create trigger media_version after insert or update or delete on media
      for each statement execute function bump_media_version()`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`create trigger ${sql.raw(`media_${event}_version`)} after ${sql.raw(event)} on media begin
        update counters set value = value + 1 where name = 'media_version';
      end`.execute(db);
  }
}
