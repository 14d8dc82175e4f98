import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * The orphan counters (migration 0002: 'orphans' and 'orphans:<gender>:<grade>', children
 * outside the trash) are kept by triggers instead of by the service: one place, in the same
 * statement as the change, so no code path can forget them, and a create costs no extra round
 * trips. A child counts while `deleted_at` is null; trashing, restoring, purging and a change of
 * gender or grade move it between counters.
 */
const groupName = (row: 'new' | 'old') => sql.raw(`'orphans:' || ${row}.gender || ':' || coalesce(${row}.class_grade, '')`);

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create function orphans_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old.gender is not distinct from new.gender and old.class_grade is not distinct from new.class_grade
            and (old.deleted_at is null) = (new.deleted_at is null) then
          return null;
        end if;
        if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null then
          update counters set value = value - 1 where name = 'orphans';
          update counters set value = value - 1 where name = ${groupName('old')};
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null then
          update counters set value = value + 1 where name = 'orphans';
          insert into counters (name, value) values (${groupName('new')}, 1) on conflict (name) do update set value = counters.value + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger orphans_count after insert or delete or update of gender, class_grade, deleted_at on orphans
      for each row execute function orphans_count()`.execute(db);
    return;
  }
  const add = sql`update counters set value = value + 1 where name = 'orphans';
      insert into counters (name, value) select ${groupName('new')}, 1 where true on conflict (name) do update set value = value + 1;`;
  const remove = sql`update counters set value = value - 1 where name = 'orphans';
      update counters set value = value - 1 where name = ${groupName('old')};`;
  await sql`create trigger orphans_count_insert after insert on orphans when new.deleted_at is null begin ${add} end`.execute(db);
  await sql`create trigger orphans_count_delete after delete on orphans when old.deleted_at is null begin ${remove} end`.execute(db);
  // Two triggers for an update: out of the old counters, into the new. SQLite runs triggers of
  // one event newest-first, so "out" is created last and runs first.
  const changed = sql`old.gender is not new.gender or old.class_grade is not new.class_grade or (old.deleted_at is null) <> (new.deleted_at is null)`;
  await sql`create trigger orphans_count_update_in after update of gender, class_grade, deleted_at on orphans
      when new.deleted_at is null and (${changed}) begin ${add} end`.execute(db);
  await sql`create trigger orphans_count_update_out after update of gender, class_grade, deleted_at on orphans
      when old.deleted_at is null and (${changed}) begin ${remove} end`.execute(db);
}
