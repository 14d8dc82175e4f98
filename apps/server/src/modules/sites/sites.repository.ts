import type { Kysely, Selectable } from 'kysely';
import type { DB, SitesTable } from '../../db/schema.ts';
import { containsText } from '../../lib/pagination.ts';

type Db = Kysely<DB>;
export type SiteRow = Selectable<SitesTable>;
export type SiteValues = Omit<SiteRow, 'id' | 'created_at' | 'updated_at'>;

/** Which sites a list may show: every one, or only these ids. */
export type SiteFilter = { all: true } | { ids: readonly number[] };

function filtered(db: Db, filter: SiteFilter, search?: string) {
  let q = db.selectFrom('sites');
  if (!('all' in filter)) q = filter.ids.length ? q.where('sites.id', 'in', [...filter.ids]) : q.where((eb) => eb.val(false));
  if (search) q = q.where(containsText('sites.name', search));
  return q;
}

export async function listSiteRows(db: Db, opts: { filter: SiteFilter; search?: string; limit?: number; offset?: number }): Promise<{ rows: SiteRow[]; total: number }> {
  const base = filtered(db, opts.filter, opts.search);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let q = base.selectAll('sites').orderBy('sites.name').orderBy('sites.id');
  if (opts.limit !== undefined) q = q.limit(opts.limit).offset(opts.offset ?? 0);
  return { rows: await q.execute(), total: Number(n) };
}

export async function findSite(db: Db, id: number): Promise<SiteRow | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Children in the list (not the trash) of each site. */
export async function childrenCounts(db: Db, siteIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(siteIds.map((id) => [id, 0]));
  if (!siteIds.length) return counts;
  const rows = await db
    .selectFrom('orphans')
    .select(['site_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('site_id', 'in', siteIds)
    .where('deleted_at', 'is', null)
    .groupBy('site_id')
    .execute();
  for (const r of rows) counts.set(r.site_id, Number(r.n));
  return counts;
}

export async function siteNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('sites').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Does any child (in the list or the trash) belong to the site? */
export async function siteHasChildren(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('orphans').select('id').where('site_id', '=', id).limit(1).executeTakeFirst());
}

/** Is the site given to any user? */
export async function siteNamedInTransfers(db: Db, id: number): Promise<boolean> {
  const named = (column: 'from_site_id' | 'to_site_id') => db.selectFrom('transfers').select('id').where(column, '=', id).limit(1).executeTakeFirst();
  return !!(await named('from_site_id')) || !!(await named('to_site_id'));
}

export async function siteHasHolders(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('user_sites').select('user_id').where('site_id', '=', id).limit(1).executeTakeFirst());
}

export async function insertSite(trx: Db, values: SiteValues & { created_at: string; updated_at: string }): Promise<number> {
  return (await trx.insertInto('sites').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSiteRow(trx: Db, id: number, values: SiteValues & { updated_at: string }): Promise<void> {
  await trx.updateTable('sites').set(values).where('id', '=', id).execute();
}

export async function deleteSiteRow(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('sites').where('id', '=', id).execute();
}

/** Sites by id (to check a request's ids exist), with their names and whether they are active. */
export async function sitesByIds(db: Db, ids: readonly number[]): Promise<{ id: number; name: string; active: number }[]> {
  if (!ids.length) return [];
  return db.selectFrom('sites').select(['id', 'name', 'active']).where('id', 'in', [...ids]).orderBy('name').execute();
}

/** Each user's own sites (not counting `all_sites`), by name. */
export async function sitesOfUsers(db: Db, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  const rows = await db
    .selectFrom('user_sites')
    .innerJoin('sites', 'sites.id', 'user_sites.site_id')
    .select(['user_sites.user_id', 'sites.id', 'sites.name'])
    .where('user_sites.user_id', 'in', userIds)
    .orderBy('sites.name')
    .execute();
  for (const r of rows) map.get(r.user_id)?.push({ id: r.id, name: r.name });
  return map;
}

export async function replaceUserSites(trx: Db, userId: number, siteIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('user_sites').where('user_id', '=', userId).execute();
  if (siteIds.length) await trx.insertInto('user_sites').values(siteIds.map((site_id) => ({ user_id: userId, site_id }))).execute();
}

/**
 * The sites a user holds, as one request sees them: `all` for an all-sites user, else the ids of
 * their sites (active or not: an inactive site's children stay reachable to its staff) and the
 * active ones by name.
 */
export async function userSiteHoldings(db: Db, userId: number): Promise<{ allSitesFlag: boolean; ids: number[]; active: { id: number; name: string }[] }> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_sites', 'user_sites.user_id', 'users.id')
    .leftJoin('sites', 'sites.id', 'user_sites.site_id')
    .select(['users.all_sites', 'sites.id', 'sites.name', 'sites.active'])
    .where('users.id', '=', userId)
    .orderBy('sites.name')
    .execute();
  const ids: number[] = [];
  const active: { id: number; name: string }[] = [];
  for (const r of rows) {
    if (r.id === null || r.name === null) continue;
    ids.push(r.id);
    if (r.active === 1) active.push({ id: r.id, name: r.name });
  }
  return { allSitesFlag: rows[0]?.all_sites === 1, ids, active };
}

export async function activeSites(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('sites').select(['id', 'name']).where('active', '=', 1).orderBy('name').execute();
}
