import { sql, type Expression, type SqlBool } from 'kysely';
import type { SiteScope } from '../sites/sites.service.ts';

export type { SiteScope } from '../sites/sites.service.ts';

/**
 * The one rule of who reaches a child: a query over `orphans` (by that name, joined or not) keeps
 * only the children of the request's sites. Every per-child read and write takes the scope as a
 * required argument, so no query can leave it out; a child outside it is as if it did not exist
 * (404), and no count, total or message tells otherwise. An all-sites scope adds nothing, so its
 * queries keep the plans they had.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select, update or delete whose tables include orphans
export function withinScope<Q extends { where(expression: Expression<SqlBool>): any }>(q: Q, scope: SiteScope): Q {
  if ('all' in scope) return q;
  if (!scope.ids.length) return q.where(sql<SqlBool>`1 = 0`) as Q;
  if (scope.ids.length === 1) return q.where(sql<SqlBool>`orphans.site_id = ${scope.ids[0]!}`) as Q;
  // Several sites: no index holds their children in a list's order, and SQLite, given a site_id it
  // can look up, would read all their children and sort them. The unary plus keeps it on the
  // index of the list's order (the name, the grade, a record's date), keeping each child of the sites.
  return q.where(sql<SqlBool>`+orphans.site_id in (${sql.join([...scope.ids])})`) as Q;
}

/**
 * The same rule for a query over a child's records that does not join the child (`orphan_id`
 * of results or attendances): only records of children of the request's sites.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select over a table with orphan_id
export function recordsWithinScope<Q extends { where(expression: Expression<SqlBool>): any }>(q: Q, scope: SiteScope): Q {
  if ('all' in scope) return q;
  if (!scope.ids.length) return q.where(sql<SqlBool>`1 = 0`) as Q;
  return q.where(sql<SqlBool>`orphan_id in (select o.id from orphans o where o.site_id in (${sql.join([...scope.ids])}))`) as Q;
}
