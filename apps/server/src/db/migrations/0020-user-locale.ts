import { sql, type Kysely } from 'kysely';

/**
 * The language each user chose: 'en', 'fa-AF' (Dari) or 'ps-AF' (Pashto). Null until
 * they choose one, so a user who never did keeps following their browser's language; once set,
 * signing in on any device switches the app to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('locale', 'varchar(16)', (col) => col.check(sql`locale in ('en', 'fa-AF', 'ps-AF')`))
    .execute();
}
