import type { Kysely } from 'kysely';

/**
 * Revoked tokens: when sessions are ended on the server's side (sign out everywhere, a password
 * change, lockdown, a deleted account), each ended token leaves its id, hash and why, until it
 * would have expired anyway. A request still carrying one is told why in the 401's code, so a phone
 * can wipe what it keeps offline then, and only then (an idle timeout must not lose unsent work).
 * No foreign key: the user may be gone; a daily job deletes the rows past their expiry.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('token_id', 'integer', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_expiry_idx').on('revoked_tokens').column('expires_at').execute();
}
