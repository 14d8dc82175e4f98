import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import { arg, preparedQuery } from '../../db/prepared-query.ts';
import type { DB, OrphansTable } from '../../db/schema.ts';
import { FIELD_COLUMNS } from './orphan-columns.ts';

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
// with the values in this order (creating a child is the most frequent write). The fields'
// columns come from the shared field list (orphan-columns.ts).
export const INSERT_COLUMNS = [
  ...FIELD_COLUMNS,
  'birthday', 'search_text', 'photo_path', 'photo_thumb_path', 'created_by', 'updated_by', 'created_at', 'updated_at', 'deleted_at',
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
/** The photo keys of a child outside the trash (by primary key: asked before each photo is served). */
export async function findShownPhotoKeys(db: Executor, id: number): Promise<{ photo_path: string | null; photo_thumb_path: string | null } | undefined> {
  return db.selectFrom('orphans').select(['photo_path', 'photo_thumb_path']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function insertOrphanRow(trx: Executor, values: Omit<OrphanRow, 'id'>): Promise<OrphanRow> {
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

/**
 * Children outside the trash with these names and date of birth, and the same father where both
 * have one (names compared case-insensitively): likely the same child entered twice.
 */
export async function findLikelyDuplicates(
  db: Executor,
  c: { first_name: string; last_name: string; father_name: string | null; dob: string; except: number | null },
): Promise<Array<Pick<OrphanRow, 'id' | 'first_name' | 'last_name' | 'father_name' | 'dob'>>> {
  const same = (column: 'first_name' | 'last_name' | 'father_name', value: string) => sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`;
  let q = db
    .selectFrom('orphans')
    .select(['id', 'first_name', 'last_name', 'father_name', 'dob'])
    .where('deleted_at', 'is', null)
    .where('dob', '=', c.dob)
    .where(same('first_name', c.first_name))
    .where(same('last_name', c.last_name));
  if (c.father_name) q = q.where((eb) => eb.or([eb('father_name', 'is', null), same('father_name', c.father_name!)]));
  if (c.except) q = q.where('id', '<>', c.except);
  return q.orderBy('id').limit(10).execute();
}


/**
 * A child outside the trash as the other features read it: the child a result, a month of
 * attendance, a gallery item or a report belongs to (a trashed child's records are hidden with
 * it, and nothing new may be recorded for it).
 */
export interface ActiveOrphan {
  id: number;
  first_name: string;
  last_name: string;
  father_name: string | null;
  class_grade: string | null;
  /** 'YYYY-MM-DD' (no attendance is taken for a month before it), or null in records kept from before it was required. */
  admission_date: string | null;
}

const activeOrphans = (db: Kysely<DB>) => db.selectFrom('orphans').select(['id', 'first_name', 'last_name', 'father_name', 'class_grade', 'admission_date']).where('deleted_at', 'is', null);

export function activeOrphanRow(db: Kysely<DB>, id: number): Promise<ActiveOrphan | undefined> {
  return activeOrphans(db).where('id', '=', id).executeTakeFirst();
}

export function activeOrphanRows(db: Kysely<DB>, ids: readonly number[]): Promise<ActiveOrphan[]> {
  return activeOrphans(db).where('id', 'in', ids).execute();
}
