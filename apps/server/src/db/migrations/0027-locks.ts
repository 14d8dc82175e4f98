import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * Named locks every server process sees alike (lib/database-locks.ts): a resumable upload's bytes
 * and its finish are taken by one request at a time, whichever process or machine it reaches.
 * A row is a held lock; its holder renews `expires_at` while it works, so a lock whose process
 * died frees itself when the lease runs out. `release_requested` is a waiter asking the holder
 * to let go (tus: a resumed upload takes over from a stalled request).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('locks')
    .addColumn('name', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    // Epoch milliseconds: compared as numbers, never parsed.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('release_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
