import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * One child's academic answers kept as the JSON sent (decision 0042): per child and kind
 * (`results-list`: GET /results?orphan_id=N without other filters; `results-summary`: GET
 * /orphans/N/results; `attendance-summary`: GET /orphans/N/attendance-summary). Written only by
 * the results and attendance write procedures, in the transaction that changes what the answer
 * is built from (lib/child-answers.ts); read by its primary key alone. On SQLite the body is
 * stored as a BLOB of the UTF-8 bytes (read as a Buffer, sent as it is), on PostgreSQL as text.
 *
 * Triggers delete answers in the statement that makes them untrue, so none is ever read stale:
 * a change to a child's results (or attendance) deletes its results (or attendance) answers —
 * the write procedures rebuild them after their change, in their transaction; a script's write
 * leaves them missing, never wrong — and a change to a child's names or trash state deletes all
 * of them (the orphans module knows nothing of this table; the next read builds from rows and
 * asks for a fill, lib/child-answers.ts). A purged child's go by the foreign key.
 *
 * The records written before this migration have no answers: two `counters` rows say that each
 * module's backfill is still to run (1, where the table has records); the backfill sets its row
 * to 0 when it has looked at every child, so later starts do not scan 100,000 children again.
 */
const KINDS: Record<'results' | 'attendances', string> = {
  results: `'results-list', 'results-summary'`,
  attendances: `'attendance-summary'`,
};

/** The columns of a child its answers show, and its trash state. */
const SHOWN = ['first_name', 'last_name', 'father_name', 'deleted_at'];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('child_answers')
    .addColumn('orphan_id', 'integer', (c) => c.notNull().references('orphans.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('child_answers_pk', ['orphan_id', 'kind'])
    .execute();
  // To run only where there are records to fill answers for: a new database has none.
  for (const [marker, table] of [['results_answers_backfill', 'results'], ['attendance_answers_backfill', 'attendances']]) {
    await sql`insert into counters (name, value) select ${marker}, case when exists (select 1 from ${sql.raw(table!)}) then 1 else 0 end`.execute(db);
  }
  for (const [table, kinds] of Object.entries(KINDS)) {
    if (dialect === 'postgres') {
      await sql`create function ${sql.raw(`drop_${table}_answers`)}() returns trigger language plpgsql as $$
        begin
          -- The child's row is locked first, as every write that rebuilds answers locks it
          -- (lib/child-answers.ts): an answer being rebuilt meanwhile is committed before this
          -- delete runs, and so deleted, instead of being stored after it without this change.
          if tg_op <> 'INSERT' then
            perform 1 from orphans where id = old.orphan_id for no key update;
            delete from child_answers where orphan_id = old.orphan_id and kind in (${sql.raw(kinds)});
          end if;
          if tg_op <> 'DELETE' then
            perform 1 from orphans where id = new.orphan_id for no key update;
            delete from child_answers where orphan_id = new.orphan_id and kind in (${sql.raw(kinds)});
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_drop_answers`)} after insert or update or delete on ${sql.raw(table)}
        for each row execute function ${sql.raw(`drop_${table}_answers`)}()`.execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete']) {
      const rows = event === 'insert' ? ['new'] : event === 'delete' ? ['old'] : ['old', 'new'];
      await sql`create trigger ${sql.raw(`${table}_${event}_drop_answers`)} after ${sql.raw(event)} on ${sql.raw(table)} begin
          ${sql.raw(rows.map((r) => `delete from child_answers where orphan_id = ${r}.orphan_id and kind in (${kinds});`).join(' '))}
        end`.execute(db);
    }
  }
  if (dialect === 'postgres') {
    await sql`create function drop_child_answers() returns trigger language plpgsql as $$
      begin
        delete from child_answers where orphan_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger orphans_drop_answers after update on orphans for each row
      when (${sql.raw(SHOWN.map((c) => `old.${c} is distinct from new.${c}`).join(' or '))})
      execute function drop_child_answers()`.execute(db);
    return;
  }
  await sql`create trigger orphans_drop_answers after update on orphans
    when ${sql.raw(SHOWN.map((c) => `old.${c} is not new.${c}`).join(' or '))}
    begin
      delete from child_answers where orphan_id = new.id;
    end`.execute(db);
}
