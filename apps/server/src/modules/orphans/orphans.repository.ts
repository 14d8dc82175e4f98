import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, OrphansTable } from '../../db/schema.ts';
import { withinScope, type SiteScope } from './orphan-scope.ts';
import { pathsById, type ActivityLinks } from '../activities/activities.service.ts';
import { openChildColumn, openChildRow, sealChildColumns, withoutSealedColumns } from './orphan-sealing.ts';

/**
 * One child's row: read by id, written, trashed, restored, purged; the dashboard's counts. A row
 * leaves here with its sensitive columns opened and goes in with them sealed (orphan-sealing.ts).
 */

export type OrphanRow = Selectable<OrphansTable>;
export type NewOrphanRow = Insertable<OrphansTable>;
export type OrphanRowUpdate = Updateable<OrphansTable>;
export type Executor = Kysely<DB> | Transaction<DB>;

const opened = (row: OrphanRow | undefined) => (row ? openChildRow(row) : undefined);

export async function findOrphanRow(db: Executor, scope: SiteScope, id: number): Promise<OrphanRow | undefined> {
  return opened(await withinScope(db.selectFrom('orphans').selectAll().where('id', '=', id), scope).executeTakeFirst());
}

/** The photo keys of a child outside the trash (by primary key: asked before each photo is served). */
export async function findShownPhotoKeys(db: Executor, id: number): Promise<{ photo_path: string | null; photo_thumb_path: string | null } | undefined> {
  return db.selectFrom('orphans').select(['photo_path', 'photo_thumb_path']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/**
 * Insert a child. The id the sealed values are bound to is known only once the row is in, so the
 * insert stores none of them and a second statement of the same transaction seals them in: no
 * sensitive value reaches the database unsealed, not even its journal.
 */
export async function insertOrphanRow(trx: Transaction<DB>, values: Omit<OrphanRow, 'id' | 'medical_token'>): Promise<OrphanRow> {
  const { id } = await trx.insertInto('orphans').values(withoutSealedColumns(values)).returning('id').executeTakeFirstOrThrow();
  const sealed = sealChildColumns(id, values) as typeof values & { medical_token?: string | null };
  await trx.updateTable('orphans').set(sealed).where('id', '=', id).execute();
  return { ...values, id, medical_token: sealed.medical_token ?? null };
}

/** Update a child outside the trash (`before` as read in the same transaction); undefined when there is none. */
export async function updateOrphanRow(trx: Executor, before: OrphanRow, values: OrphanRowUpdate): Promise<OrphanRow | undefined> {
  return opened(await trx.updateTable('orphans').set(sealChildColumns(before.id, values)).where('id', '=', before.id).where('deleted_at', 'is', null).returningAll().executeTakeFirst());
}

export async function trashOrphanRow(trx: Executor, scope: SiteScope, id: number, at: string, userId: number | null): Promise<OrphanRow | undefined> {
  return withinScope(trx.updateTable('orphans').set({ deleted_at: at, updated_by: userId }).where('id', '=', id).where('deleted_at', 'is', null), scope)
    .returningAll()
    .executeTakeFirst()
    .then(opened);
}

export async function restoreOrphanRow(trx: Executor, scope: SiteScope, id: number, at: string, userId: number | null): Promise<OrphanRow | undefined> {
  return withinScope(trx.updateTable('orphans').set({ deleted_at: null, updated_at: at, updated_by: userId }).where('id', '=', id).where('deleted_at', 'is not', null), scope)
    .returningAll()
    .executeTakeFirst()
    .then(opened);
}

/** Delete a child for good — only one already in the trash. */
export async function purgeOrphanRow(trx: Executor, scope: SiteScope, id: number): Promise<OrphanRow | undefined> {
  return opened(await withinScope(trx.deleteFrom('orphans').where('id', '=', id).where('deleted_at', 'is not', null), scope).returningAll().executeTakeFirst());
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
  const same = (column: 'first_name' | 'last_name', value: string) => sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`;
  let q = db
    .selectFrom('orphans')
    .select(['id', 'first_name', 'last_name', 'father_name', 'dob'])
    .where('deleted_at', 'is', null)
    .where('dob', '=', c.dob)
    .where(same('first_name', c.first_name))
    .where(same('last_name', c.last_name));
  if (c.except) q = q.where('id', '<>', c.except);
  // The father's name is sealed: compared here, on the few children of those names and birth date.
  const rows = (await withinScope(q, scope).orderBy('id').limit(100).execute()).map(openChildRow);
  const father = c.father_name?.toLowerCase();
  return rows.filter((r) => !father || r.father_name === null || r.father_name.toLowerCase() === father).slice(0, 10);
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

const openedActive = (r: ActiveOrphan): ActiveOrphan => ({ ...r, father_name: openChildColumn('father_name', r.id, r.father_name) as string | null });

export async function activeOrphanRow(db: Kysely<DB>, scope: SiteScope, id: number): Promise<ActiveOrphan | undefined> {
  const row = await activeOrphans(db, scope).where('id', '=', id).executeTakeFirst();
  return row && openedActive(row);
}

export async function activeOrphanRows(db: Kysely<DB>, scope: SiteScope, ids: readonly number[]): Promise<ActiveOrphan[]> {
  return (await activeOrphans(db, scope).where('id', 'in', ids).execute()).map(openedActive);
}

/** Where the log's entries about a child link: the child's page, while outside the trash. */
export const orphanActivityLinks: ActivityLinks = async (db, ids) =>
  pathsById(await db.selectFrom('orphans').select('id').where('id', 'in', ids).where('deleted_at', 'is', null).execute(), (r) => `/dashboard/orphans/${r.id}`);
