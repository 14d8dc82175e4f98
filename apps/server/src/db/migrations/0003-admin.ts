import type { Kysely } from 'kysely';
import type { Dialect } from '../../config.ts';
import { withId } from '../columns.ts';

/** Administration: content pages, contact messages, password reset tokens. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('pages'), dialect)
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
    // Sanitised HTML (pages.service.ts sanitises on every write).
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('meta_title', 'varchar(255)')
    .addColumn('meta_description', 'text')
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pages_published_idx').on('pages').column('is_published').execute();

  await withId(db.schema.createTable('contacts'), dialect)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contacts_created_idx').on('contacts').column('created_at').execute();

  await withId(db.schema.createTable('password_reset_tokens'), dialect)
    .addColumn('email', 'varchar(255)', (c) => c.notNull())
    // SHA-256 of the token sent by mail; the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_tokens_email_idx').on('password_reset_tokens').column('email').execute();
}
