import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { OrphanData } from '@app/shared/schemas/orphan.schema';
import type { DB } from '../../db/schema.ts';
import { nowAfter } from '../../lib/time.ts';
import { fieldAnswers, toFieldColumns } from './orphan-columns.ts';
import { searchTextsOf, type SearchTexts } from './orphan-search-text.ts';
import type { OrphanRow } from './orphans.repository.ts';
import { isSealed } from '../../lib/field-cipher.ts';
import { isSealedColumn, openChildColumn, openChildRow, sealChildColumns, withoutSealedColumns } from './orphan-sealing.ts';

/**
 * The writes an import makes to children, each inside the import's one transaction (the import
 * logs itself once, with its counts): a child added, a child's record given the file's values,
 * and, for its undo, those children removed or given their values back. The columns are the
 * form's (orphan-columns.ts), so an imported child is stored exactly as a typed one.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** A child's stored columns, what an update replaces and its undo puts back. */
export type ChildColumns = Omit<OrphanRow, 'id' | 'created_at' | 'created_by' | 'deleted_at' | 'site_id' | 'photo_path' | 'photo_thumb_path'>;

function columnsOf(d: OrphanData): ReturnType<typeof toFieldColumns> & { birthday: string } & SearchTexts {
  return { ...toFieldColumns(d), birthday: d.dob.slice(5), ...searchTextsOf(d) };
}

/**
 * Add children (a hundred or so at a time): one statement for the lot. Answers each one's id and
 * version with the names and birth date it was stored with, by which the import tells them apart
 * (no two children one commit adds share them).
 */
export async function insertImportedChildren(
  trx: Transaction<DB>,
  args: { data: readonly OrphanData[]; siteId: number; userId: number | null; now: string },
): Promise<Array<{ id: number; version: string; first_name: string; last_name: string; father_name: string | null; dob: string }>> {
  if (!args.data.length) return [];
  const rows = args.data.map((d) => ({
    ...columnsOf(d),
    site_id: args.siteId,
    photo_path: null,
    photo_thumb_path: null,
    created_by: args.userId,
    updated_by: args.userId,
    created_at: args.now,
    updated_at: args.now,
    deleted_at: null,
  }));
  // As a typed child's insert (orphans.repository.ts): stored without the sealed values, which
  // are sealed in once each row's id is known, in the same transaction.
  const made = await trx.insertInto('orphans').values(rows.map(withoutSealedColumns)).returning(['id', 'updated_at', 'first_name', 'last_name', 'dob']).execute();
  for (const [i, m] of made.entries()) await trx.updateTable('orphans').set(sealChildColumns(m.id, rows[i]!)).where('id', '=', m.id).execute();
  return made.map(({ updated_at, ...rest }, i) => ({ ...rest, father_name: args.data[i]!.father_name ?? null, version: updated_at }));
}

/**
 * Give a child (of the site, outside the trash) the file's non-empty values, keeping the rest of
 * its record; undefined when there is no such child. Answers its columns before, for the undo.
 */
export async function updateChildFromImport(
  trx: Transaction<DB>,
  args: { id: number; siteId: number; given: Partial<OrphanData>; userId: number | null },
): Promise<{ before: ChildColumns; version: string } | undefined> {
  const stored = await trx.selectFrom('orphans').selectAll().where('id', '=', args.id).where('site_id', '=', args.siteId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!stored) return undefined;
  const row = openChildRow(stored);
  const current = Object.fromEntries(Object.entries(fieldAnswers(row)).map(([k, v]) => [k, v ?? undefined]));
  const merged = { ...current, ...args.given } as OrphanData;
  const version = nowAfter(row.updated_at);
  await trx.updateTable('orphans').set(sealChildColumns(row.id, { ...columnsOf(merged), updated_by: args.userId, updated_at: version })).where('id', '=', row.id).execute();
  // The undo's copy holds the values opened: the import seals the copy whole with its row, and the
  // undo seals them again with the key of its day, so a key rotated in between does not break it.
  return { before: childColumns(row), version };
}

function childColumns(row: OrphanRow): ChildColumns {
  const { id: _id, created_at: _c, created_by: _cb, deleted_at: _d, site_id: _s, photo_path: _p, photo_thumb_path: _t, ...rest } = row;
  return rest;
}

/** The children among `items` whose record changed since the import left it, or that gained records of their own since. */
export async function childrenChangedSince(db: Db, items: readonly { id: number; version: string; created: boolean }[]): Promise<Array<{ id: number; name: string }>> {
  const changed: Array<{ id: number; name: string }> = [];
  for (let i = 0; i < items.length; i += 500) {
    const chunk = items.slice(i, i + 500);
    const ids = chunk.map((c) => c.id);
    const rows = new Map((await db.selectFrom('orphans').select(['id', 'first_name', 'last_name', 'updated_at', 'deleted_at']).where('id', 'in', ids).execute()).map((r) => [r.id, r]));
    const created = chunk.filter((c) => c.created).map((c) => c.id);
    const withRecords = new Set<number>();
    if (created.length) {
      for (const table of ['results', 'attendances', 'media', 'transfers'] as const) {
        for (const r of await db.selectFrom(table).select('orphan_id').where('orphan_id', 'in', created).execute()) withRecords.add(r.orphan_id);
      }
    }
    for (const item of chunk) {
      const row = rows.get(item.id);
      if (!row || row.deleted_at || row.updated_at !== item.version || withRecords.has(item.id)) {
        changed.push({ id: item.id, name: row ? `${row.first_name} ${row.last_name}`.trim() : `#${item.id}` });
      }
    }
  }
  return changed;
}

/** The undo of children the import added (checked unchanged, with no records of their own). */
export async function removeImportedChildren(trx: Transaction<DB>, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) await trx.deleteFrom('orphans').where('id', 'in', ids.slice(i, i + 500)).execute();
}

/** The undo of an update: the child's columns as they were before the import, sealed and their search texts made with the current key. */
export async function restoreChildColumns(trx: Transaction<DB>, id: number, before: ChildColumns): Promise<void> {
  await trx.updateTable('orphans').set(sealChildColumns(id, { ...before, ...searchTextsOf(before) })).where('id', '=', id).execute();
}

/**
 * An undo copy kept by an older version, as the row held it (its values sealed for the child, or
 * plain from before encryption), with its values opened: what the undo copy holds now.
 */
export function openedUndoCopy(id: number, stored: ChildColumns): ChildColumns {
  const out: Record<string, unknown> = { ...stored };
  for (const [column, value] of Object.entries(out)) if (isSealedColumn(column) && typeof value === 'string' && isSealed(value)) out[column] = openChildColumn(column, id, value);
  return out as ChildColumns;
}

/** The children of a site outside the trash born on these days: what an import's rows are compared with. */
export async function siteChildrenBornOn(db: Db, siteId: number, dobs: readonly string[]) {
  const rows = await db
    .selectFrom('orphans')
    .select(['id', 'first_name', 'last_name', 'father_name', 'dob'])
    .where('site_id', '=', siteId)
    .where('deleted_at', 'is', null)
    .where('dob', 'in', dobs)
    .execute();
  return rows.map(openChildRow);
}

/**
 * The children of a site outside the trash that a results or attendance sheet may name: by id,
 * by school ID number, or born on one of these days (then matched by their names).
 */
export async function siteChildrenReferenced(db: Db, siteId: number, refs: { ids: readonly number[]; schoolIds: readonly string[]; dobs: readonly string[] }) {
  // School ID numbers are sealed: a sheet naming any reads the site's children that have one and
  // compares them opened (the checker matches them by their folded form).
  const rows = await db
    .selectFrom('orphans')
    .select(['id', 'first_name', 'last_name', 'father_name', 'dob', 'school_id_number', 'admission_date'])
    .where('site_id', '=', siteId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(refs.ids.length ? [eb('id', 'in', refs.ids)] : []),
        ...(refs.schoolIds.length ? [eb('school_id_number', 'is not', null)] : []),
        ...(refs.dobs.length ? [eb('dob', 'in', refs.dobs)] : []),
        sql<SqlBool>`1 = 0`,
      ]),
    )
    .execute();
  return rows.map(openChildRow);
}
