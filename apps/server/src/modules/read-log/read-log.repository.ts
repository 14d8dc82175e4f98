import type { Kysely } from 'kysely';
import type { ReadLogQuery } from '@app/shared/schemas/read-log.schema';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

export type ReadFilter = Pick<ReadLogQuery, 'user_id' | 'orphan_id' | 'kind' | 'date_from' | 'date_to'>;

export interface ReadRow {
  id: number;
  kind: string;
  user_id: number | null;
  user_name: string | null;
  orphan_id: number | null;
  first_name: string | null;
  last_name: string | null;
  media_id: number | null;
  detail: string | null;
  address: string | null;
  created_at: string;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The log narrowed by the filters: each an equality on the first column of one index of migration 0033, the days a range on its time. */
function filtered(db: Db, f: ReadFilter) {
  let q = db.selectFrom('read_log');
  if (f.user_id !== undefined) q = q.where('read_log.user_id', '=', f.user_id);
  if (f.orphan_id !== undefined) q = q.where('read_log.orphan_id', '=', f.orphan_id);
  if (f.kind !== undefined) q = q.where('read_log.kind', '=', f.kind);
  if (f.date_from !== undefined) q = q.where('read_log.created_at', '>=', f.date_from);
  if (f.date_to !== undefined) q = q.where('read_log.created_at', '<', nextDay(f.date_to));
  return q;
}

/** One page, newest first: the ids from the filter's index, then those rows with the reader's and the child's names (by primary key). */
export async function readPage(db: Db, f: ReadFilter, limit: number, offset: number): Promise<{ rows: ReadRow[]; total: number }> {
  const [idRows, count] = await Promise.all([
    filtered(db, f).select('read_log.id').orderBy('read_log.created_at', 'desc').orderBy('read_log.id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = idRows.map((r) => r.id);
  if (ids.length === 0) return { rows: [], total: Number(count.n) };
  const rows = await db
    .selectFrom('read_log')
    .leftJoin('users', 'users.id', 'read_log.user_id')
    .leftJoin('orphans', 'orphans.id', 'read_log.orphan_id')
    .select([
      'read_log.id', 'read_log.kind', 'read_log.user_id', 'users.name as user_name', 'read_log.orphan_id', 'orphans.first_name', 'orphans.last_name',
      'read_log.media_id', 'read_log.detail', 'read_log.address', 'read_log.created_at',
    ])
    .where('read_log.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total: Number(count.n) };
}

export function readerRows(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db.selectFrom('users').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

/** The site of a child outside the trash, or undefined: whether "Who viewed" may answer for them. */
export async function activeChildSite(db: Db, id: number): Promise<number | undefined> {
  return (await db.selectFrom('orphans').select('site_id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst())?.site_id;
}
