import { sql, type Kysely } from 'kysely';

/**
 * The calendar each user reads and enters dates in: 'gregorian' or 'persian' (Solar
 * Hijri). Only how dates are shown and typed changes; every date is still stored as an ISO
 * Gregorian 'YYYY-MM-DD', so reports, sorting and ages need no conversion. Existing users keep
 * the Gregorian dates they have seen until now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('calendar', 'varchar(16)', (col) => col.notNull().defaultTo('gregorian').check(sql`calendar in ('gregorian', 'persian')`))
    .execute();
}
