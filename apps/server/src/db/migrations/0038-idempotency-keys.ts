import type { Kysely } from 'kysely';

/**
 * Idempotency keys: a write sent again with the key it first carried (a phone's outbox whose
 * answer was lost on the way) gets the first answer again instead of being applied twice. One row
 * per user and key: what the request was (its hash, to refuse the key on another one), and once it
 * succeeded, its status and answer. Kept in the database so that every server process sees them;
 * a daily job deletes the rows older than their retention (plugins/idempotency.ts).
 * No foreign key: a deleted user's keys simply age out.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    // Null while the first request is still being handled.
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_time_idx').on('idempotency_keys').column('created_at').execute();
}
