import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, OrphansTable } from '../../db/schema.ts';
import { withinScope, type SiteScope } from './orphan-scope.ts';
import { pathsById, type ActivityLinks } from '../activities/activities.service.ts';

/** One child's row: read by id, written, trashed, restored, purged; the dashboard's counts. */

export type OrphanRow = Selectable<OrphansTable>;
export type NewOrphanRow = Insertable<OrphansTable>;
export type OrphanRowUpdate = Updateable<OrphansTable>;
export type Executor = Kysely<DB> | Transaction<DB>;

export function findOrphanRow(db: Executor, scope: SiteScope, id: number): Promise<OrphanRow | undefined> {
  return withinScope(db.selectFrom('orphans').selectAll().where('id', '=', id), scope).executeTakeFirst();
}

/** The photo keys of a child outside the trash (by primary key: asked before each photo is served). */
export async function findShownPhotoKeys(db: Executor, id: number): Promise<{ photo_path: string | null; photo_thumb_path: string | null } | undefined> {
  return db.selectFrom('orphans').select(['photo_path', 'photo_thumb_path']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export function insertOrphanRow(trx: Executor, values: Omit<OrphanRow, 'id'>): Promise<OrphanRow> {
  return trx.insertInto('orphans').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Update a child outside the trash (`before` as read in the same transaction); undefined when there is none. */
export async function updateOrphanRow(trx: Executor, before: OrphanRow, values: OrphanRowUpdate): Promise<OrphanRow | undefined> {
  return trx.updateTable('orphans').set(values).where('id', '=', before.id).where('deleted_at', 'is', null).returningAll().executeTakeFirst();
}

export async function trashOrphanRow(trx: Executor, scope: SiteScope, id: number, at: string, userId: number | null): Promise<OrphanRow | undefined> {
  return withinScope(trx.updateTable('orphans').set({ deleted_at: at, updated_by: userId }).where('id', '=', id).where('deleted_at', 'is', null), scope)
    .returningAll()
    .executeTakeFirst();
}

export async function restoreOrphanRow(trx: Executor, scope: SiteScope, id: number, at: string, userId: number | null): Promise<OrphanRow | undefined> {
  return withinScope(trx.updateTable('orphans').set({ deleted_at: null, updated_at: at, updated_by: userId }).where('id', '=', id).where('deleted_at', 'is not', null), scope)
    .returningAll()
    .executeTakeFirst();
}

/** Delete a child for good — only one already in the trash. */
export async function purgeOrphanRow(trx: Executor, scope: SiteScope, id: number): Promise<OrphanRow | undefined> {
  return withinScope(trx.deleteFrom('orphans').where('id', '=', id).where('deleted_at', 'is not', null), scope).returningAll().executeTakeFirst();
}

/**
 * Children outside the trash with these names and date of birth, and the same father where both
 * have one (names compared case-insensitively): likely the same child entered twice.
 */
export async function findLikelyDuplicates(
  db: Executor,
  scope: SiteScope,
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
  return withinScope(q, scope).orderBy('id').limit(10).execute();
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
  site_id: number;
}

const activeOrphans = (db: Kysely<DB>, scope: SiteScope) =>
  withinScope(db.selectFrom('orphans').select(['id', 'first_name', 'last_name', 'father_name', 'class_grade', 'admission_date', 'site_id']).where('deleted_at', 'is', null), scope);

export function activeOrphanRow(db: Kysely<DB>, scope: SiteScope, id: number): Promise<ActiveOrphan | undefined> {
  return activeOrphans(db, scope).where('id', '=', id).executeTakeFirst();
}

export function activeOrphanRows(db: Kysely<DB>, scope: SiteScope, ids: readonly number[]): Promise<ActiveOrphan[]> {
  return activeOrphans(db, scope).where('id', 'in', ids).execute();
}

/** Where the log's entries about a child link: the child's page, while outside the trash. */
export const orphanActivityLinks: ActivityLinks = async (db, ids) =>
  pathsById(await db.selectFrom('orphans').select('id').where('id', 'in', ids).where('deleted_at', 'is', null).execute(), (r) => `/dashboard/orphans/${r.id}`);
