import { sql, type Expression, type Insertable, type Kysely, type Selectable, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { DB, ImportRowsTable, ImportsTable } from '../../db/schema.ts';
import type { SiteScope } from '../orphans/orphans.service.ts';

/** The imports and their staged rows: Kysely only. */

export type Db = Kysely<DB> | Transaction<DB>;
export type ImportRecord = Selectable<ImportsTable>;
export type StagedRow = Selectable<ImportRowsTable>;

/** Imports of the request's sites: another site's import is one that does not exist. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select over imports
function inSites<Q extends { where(expression: Expression<SqlBool>): any }>(q: Q, scope: SiteScope): Q {
  if ('all' in scope) return q;
  if (!scope.ids.length) return q.where(sql<SqlBool>`1 = 0`) as Q;
  return q.where(sql<SqlBool>`imports.site_id in (${sql.join([...scope.ids])})`) as Q;
}

export function findImport(db: Db, scope: SiteScope, id: number): Promise<ImportRecord | undefined> {
  return inSites(db.selectFrom('imports').selectAll(), scope).where('id', '=', id).executeTakeFirst();
}

export async function insertImport(db: Db, values: Insertable<ImportsTable>): Promise<number> {
  return (await db.insertInto('imports').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateImport(db: Db, id: number, values: Updateable<ImportsTable>, onlyIfStatus?: ImportRecord['status']): Promise<boolean> {
  let q = db.updateTable('imports').set(values).where('id', '=', id);
  if (onlyIfStatus) q = q.where('status', '=', onlyIfStatus);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteImport(db: Db, id: number): Promise<void> {
  await db.deleteFrom('import_rows').where('import_id', '=', id).execute();
  await db.deleteFrom('imports').where('id', '=', id).execute();
}

export async function insertRows(db: Db, rows: Insertable<ImportRowsTable>[]): Promise<void> {
  // A few hundred rows per statement: well within both databases' limit of bound values.
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('import_rows').values(rows.slice(i, i + 200)).execute();
}

/** The rows after `afterNumber` in sheet order, `limit` of them: a pass over a whole import, a chunk at a time. */
export function rowsAfter(db: Db, importId: number, afterNumber: number, limit: number): Promise<StagedRow[]> {
  return db.selectFrom('import_rows').selectAll().where('import_id', '=', importId).where('row_number', '>', afterNumber).orderBy('row_number').limit(limit).execute();
}

export async function rowsPage(db: Db, importId: number, errorsOnly: boolean, limit: number, offset: number): Promise<{ rows: StagedRow[]; total: number }> {
  let q = db.selectFrom('import_rows').where('import_id', '=', importId);
  if (errorsOnly) q = q.where('has_errors', '=', 1);
  const { total } = await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('row_number').limit(limit).offset(offset).execute();
  return { rows, total: Number(total) };
}

export async function updateRow(db: Db, id: number, values: Updateable<ImportRowsTable>): Promise<void> {
  await db.updateTable('import_rows').set(values).where('id', '=', id).execute();
}

/** What the commit did with many rows at once: one statement per batch, each row its own values. */
export async function markRows(db: Db, marks: ReadonlyArray<{ id: number; action: 'created' | 'skipped'; record_id: number | null; version: string | null }>): Promise<void> {
  for (let i = 0; i < marks.length; i += 100) {
    const batch = marks.slice(i, i + 100);
    // Typed in each branch: PostgreSQL cannot tell a bound value's type inside a CASE.
    const pick = (type: string, value: (m: (typeof batch)[number]) => string | number | null) =>
      sql`case ${sql.join(batch.map((m) => sql`when id = ${m.id} then cast(${value(m)} as ${sql.raw(type)})`), sql` `)} end`;
    await db
      .updateTable('import_rows')
      .set({ action: pick('varchar(16)', (m) => m.action) as never, record_id: pick('integer', (m) => m.record_id) as never, version: pick('varchar(32)', (m) => m.version) as never })
      .where('id', 'in', batch.map((m) => m.id))
      .execute();
  }
}

/** The rows a commit created or updated a record for. */
export function committedRows(db: Db, importId: number): Promise<StagedRow[]> {
  return db.selectFrom('import_rows').selectAll().where('import_id', '=', importId).where('action', 'in', ['created', 'updated']).orderBy('row_number').execute();
}

export type ImportListRow = ImportRecord & { site_name: string | null; user_name: string | null };

export async function importsPage(db: Db, scope: SiteScope, limit: number, offset: number): Promise<{ rows: ImportListRow[]; total: number }> {
  const base = inSites(db.selectFrom('imports'), scope);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('sites', 'sites.id', 'imports.site_id')
    .leftJoin('users', 'users.id', 'imports.user_id')
    .selectAll('imports')
    .select(['sites.name as site_name', 'users.name as user_name'])
    .orderBy('imports.created_at', 'desc')
    .orderBy('imports.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}

export async function namesOf(db: Db, rec: ImportRecord): Promise<{ site_name: string | null; user_name: string | null }> {
  const site = await db.selectFrom('sites').select('name').where('id', '=', rec.site_id).executeTakeFirst();
  const user = rec.user_id ? await db.selectFrom('users').select('name').where('id', '=', rec.user_id).executeTakeFirst() : undefined;
  return { site_name: site?.name ?? null, user_name: user?.name ?? null };
}
