import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ActivityListQuery } from '@app/shared/schemas/activity.schema';
import type { DB } from '../../db/schema.ts';
import type { SiteScope } from '../sites/sites.service.ts';

type Db = Kysely<DB>;

/** What narrows the log: the list query's filters (page and size aside). */
export type ActivityFilter = Pick<ActivityListQuery, 'user_id' | 'type' | 'subject_type' | 'subject_id' | 'date_from' | 'date_to'> & {
  /** The sites of the reader: entries about a child (or a child's record) of another site are not shown. */
  scope: SiteScope;
};

/**
 * Every entry but those about a child (its own record, or one of its results, months or files)
 * outside the sites. A child no longer there cannot say its site: its entries are left out too.
 */
function aboutTheseSites(scope: { ids: readonly number[] }) {
  const sites = scope.ids.length ? sql.join([...scope.ids]) : sql`null`;
  return sql<SqlBool>`(activities.orphan_id is null or activities.orphan_id in (select o.id from orphans o where o.site_id in (${sites})))`;
}

export interface ActivityRow {
  id: number;
  type: string;
  action: string;
  subject_type: string;
  subject_id: number | null;
  name: string;
  /** What the entry keeps as data (JSON), e.g. an attendance entry's month and year. */
  properties: string | null;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
}

/** The day after an ISO date (YYYY-MM-DD): `date_to` is inclusive, so entries before the next day's start. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The log narrowed by the filters. Times are stored as ISO strings in UTC, which order as text:
 * a day's entries are those from 'YYYY-MM-DD' (inclusive) to the next day (exclusive). Each
 * filter is an equality on the first column of one index of migration 0018, the days a range on
 * its `created_at`.
 */
export function filteredActivities(db: Db, f: ActivityFilter): SelectQueryBuilder<DB, 'activities', object> {
  let q = db.selectFrom('activities');
  if (f.user_id !== undefined) q = q.where('activities.user_id', '=', f.user_id);
  if (f.type !== undefined) q = q.where('activities.type', '=', f.type);
  if (f.subject_type !== undefined) q = q.where('activities.subject_type', '=', f.subject_type);
  if (f.subject_id !== undefined) q = q.where('activities.subject_id', '=', f.subject_id);
  if (f.date_from !== undefined) q = q.where('activities.created_at', '>=', f.date_from);
  if (f.date_to !== undefined) q = q.where('activities.created_at', '<', nextDay(f.date_to));
  if (!('all' in f.scope)) q = q.where(aboutTheseSites(f.scope));
  return q;
}

/**
 * The ids of one page, newest first: read from the filter's index alone (each holds the id), so a
 * page deep in the log skips index entries, not rows joined to their authors — SQLite builds every
 * skipped row of an OFFSET in full, which a deep page of a joined query pays for every row.
 */
export function activityPageIdsQuery(db: Db, f: ActivityFilter, limit: number, offset: number) {
  return filteredActivities(db, f)
    .select('activities.id')
    .orderBy('activities.created_at', 'desc')
    .orderBy('activities.id', 'desc')
    .limit(limit)
    .offset(offset);
}

/** The page's entries by primary key, each with its author's name (by primary key too). */
export function activityRowsQuery(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('activities')
    .leftJoin('users', 'users.id', 'activities.user_id')
    .select([
      'activities.id', 'activities.type', 'activities.action', 'activities.subject_type', 'activities.subject_id',
      'activities.name', 'activities.properties', 'activities.user_id', 'activities.created_at', 'users.name as user_name',
    ])
    .where('activities.id', 'in', ids);
}

export function activityCountQuery(db: Db, f: ActivityFilter) {
  return filteredActivities(db, f).select((eb) => eb.fn.countAll<number | string>().as('n'));
}

async function pageRows(db: Db, f: ActivityFilter, limit: number, offset: number): Promise<ActivityRow[]> {
  const ids = (await activityPageIdsQuery(db, f, limit, offset).execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  const byId = new Map((await activityRowsQuery(db, ids).execute()).map((r) => [r.id, r]));
  // In the page's order; an entry cannot vanish in between (the log is only appended to).
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listActivityRows(db: Db, f: ActivityFilter, limit: number, offset: number): Promise<{ rows: ActivityRow[]; total: number }> {
  const [rows, count] = await Promise.all([pageRows(db, f, limit, offset), activityCountQuery(db, f).executeTakeFirstOrThrow()]);
  return { rows, total: Number(count.n) };
}

/** The newest entries (the overview's Recent Activity), read from the time index. */
export function recentActivityRows(db: Db, scope: SiteScope, limit: number): Promise<ActivityRow[]> {
  return pageRows(db, { scope }, limit, 0);
}

/** Everyone the log can be filtered by: the users there are now (a deleted user's entries keep no author). */
export function activityUsers(db: Db): Promise<Array<{ id: number; name: string }>> {
  return db.selectFrom('users').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}
