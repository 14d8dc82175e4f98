import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { arg, preparedQuery } from '../../db/prepared-query.ts';
import type { DB, OrphansTable } from '../../db/schema.ts';

/** One child's row: read by id, written, trashed, restored, purged; the dashboard's counts. */

export type OrphanRow = Selectable<OrphansTable>;
export type NewOrphanRow = Insertable<OrphansTable>;
export type OrphanRowUpdate = Updateable<OrphansTable>;
export type Executor = Kysely<DB> | Transaction<DB>;

// One child by id is the most frequent read: built and compiled once (db/prepared-query.ts).
const orphanById = preparedQuery<DB, [number], OrphanRow>((db) => db.selectFrom('orphans').selectAll().where('id', '=', arg<number>(0)));

export async function findOrphanRow(db: Executor, id: number): Promise<OrphanRow | undefined> {
  return (await orphanById(db, id))[0];
}

// Every column a new row sets, in a fixed order: the insert is built and compiled once and run
// with the values in this order (creating a child is the most frequent write).
const INSERT_COLUMNS = [
  'first_name', 'last_name', 'father_name', 'grandfather_name', 'school_id_number', 'identity_card_number', 'dob', 'birthday',
  'gender', 'blood_group', 'class_grade', 'phone_number', 'family_contact_number', 'contact_info', 'address', 'guardian_name',
  'guardian_contact', 'guardian_relationship', 'responsible_person', 'admission_date', 'status', 'medical_condition',
  'total_income_cents', 'total_expenses_cents', 'income_source', 'donor_name', 'donor_last_name', 'donor_email', 'donor_address',
  'notes', 'profile_hobbies', 'profile_talents', 'profile_special_needs', 'search_text', 'photo_path', 'photo_thumb_path',
  'created_by', 'updated_by', 'created_at', 'updated_at', 'deleted_at',
] as const satisfies ReadonlyArray<keyof NewOrphanRow>;

// Only the id comes back: every other column is what was given (no defaults, no trigger changes
// the row), and SQLite's RETURNING of all 42 columns costs the writer a tenth of a create.
const insertOrphan = preparedQuery<DB, unknown[], Pick<OrphanRow, 'id'>>((db) =>
  db
    .insertInto('orphans')
    .values(Object.fromEntries(INSERT_COLUMNS.map((c, i) => [c, arg(i)])) as unknown as NewOrphanRow)
    .returning('id'),
);

/** Insert a child; the counters follow by trigger (migration 0006). */
export async function insertOrphanRow(trx: Executor, values: { [K in (typeof INSERT_COLUMNS)[number]]-?: NewOrphanRow[K] }): Promise<OrphanRow> {
  const row = Object.fromEntries(INSERT_COLUMNS.map((c) => [c, values[c] ?? null])) as Omit<OrphanRow, 'id'>;
  const [{ id }] = (await insertOrphan(trx, ...INSERT_COLUMNS.map((c) => row[c]))) as [Pick<OrphanRow, 'id'>];
  return { id, ...row };
}

/** Update a child outside the trash (`before` as read in the same transaction); undefined when there is none. */
export async function updateOrphanRow(trx: Executor, before: OrphanRow, values: OrphanRowUpdate): Promise<OrphanRow | undefined> {
  return trx.updateTable('orphans').set(values).where('id', '=', before.id).where('deleted_at', 'is', null).returningAll().executeTakeFirst();
}

export async function trashOrphanRow(trx: Executor, id: number, at: string, userId: number | null): Promise<OrphanRow | undefined> {
  return trx
    .updateTable('orphans')
    .set({ deleted_at: at, updated_by: userId })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function restoreOrphanRow(trx: Executor, id: number, at: string, userId: number | null): Promise<OrphanRow | undefined> {
  return trx
    .updateTable('orphans')
    .set({ deleted_at: null, updated_at: at, updated_by: userId })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .returningAll()
    .executeTakeFirst();
}

/** Delete a child for good — only one already in the trash. */
export async function purgeOrphanRow(trx: Executor, id: number): Promise<OrphanRow | undefined> {
  return trx.deleteFrom('orphans').where('id', '=', id).where('deleted_at', 'is not', null).returningAll().executeTakeFirst();
}

export async function countAdmittedSince(db: Executor, from: string): Promise<number> {
  const row = await db
    .selectFrom('orphans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .where('admission_date', '>=', from)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Birthdays (MM-DD) within [from, to]; a range across the new year is given as two ranges. */
export async function countBirthdaysBetween(db: Executor, ranges: Array<[string, string]>): Promise<number> {
  const row = await db
    .selectFrom('orphans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or(ranges.map(([a, b]) => eb.and([eb('birthday', '>=', a), eb('birthday', '<=', b)]))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
