import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * A child's kept answers of 4 KB or more are stored gzip-compressed from now on (decision 0046):
 * the body becomes the bytes sent to a client that accepts gzip (PostgreSQL: `bytea`; SQLite
 * already stores a BLOB). The answers kept before are deleted rather than converted, and both modules'
 * backfills are asked to run again where there are records (migration 0024's `counters` rows): once
 * the server listens they refill every child in short writes, and until then a read builds the
 * child's answer from rows, as for any child without one.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`delete from child_answers`.execute(db);
  if (dialect === 'postgres') await sql`alter table child_answers alter column body type bytea using convert_to(body, 'UTF8')`.execute(db);
  for (const [marker, table] of [['results_answers_backfill', 'results'], ['attendance_answers_backfill', 'attendances']] as const) {
    await sql`update counters set value = case when exists (select 1 from ${sql.raw(table)}) then 1 else 0 end where name = ${marker}`.execute(db);
  }
}
