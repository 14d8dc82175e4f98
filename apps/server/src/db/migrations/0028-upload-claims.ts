import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';

/**
 * What each user's uploads claim (modules/gallery/upload-quota.ts): a row per upload, written when
 * it starts, with the bytes it declares. `open` while a resumable upload's bytes are held
 * unfinished; rows older than a day count for nothing and are swept.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('upload_claims')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    // Epoch milliseconds: compared as numbers, never parsed.
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('open', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_claims_user_idx').on('upload_claims').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('upload_claims_created_idx').on('upload_claims').column('created_at').execute();
}
