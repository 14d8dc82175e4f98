import type { Kysely } from 'kysely';
import { can, isSuperAdmin, type AccessSubject } from '@app/shared/permissions';
import type { Site, SiteCreateBody, SiteListQuery, SiteListResponse, SiteUpdateBody } from '@app/shared/schemas/sites.schema';
import { recordId } from '@app/shared/schemas/common.schema';
import { SITE_MSG } from '@app/shared/schemas/sites.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { nowIso } from '../../lib/time.ts';
import { defaultPerPage } from '../settings/settings.service.ts';
import { activeSites, childrenCounts, findSite, listSiteRows, sitesByIds, userSiteHoldings, type SiteRow, type SiteValues } from './sites.repository.ts';
import * as siteWrites from './sites.writes.ts';

export { replaceUserSites, sitesOfUsers } from './sites.repository.ts';

/**
 * The sites whose children a request may reach: every site, or these (active or not: an
 * inactive site's children stay with its staff). Resolved from the database on every request,
 * never kept between requests, so taking a site from a user holds from their next request.
 */
export type SiteScope = { readonly all: true } | { readonly ids: readonly number[] };

export function inScope(scope: SiteScope, siteId: number): boolean {
  return 'all' in scope || scope.ids.includes(siteId);
}

/** What the signed-in user holds: the scope, and the active sites and flag `GET /auth/user` shows. */
export interface SiteAccess {
  scope: SiteScope;
  sites: { id: number; name: string }[];
  all_sites: boolean;
}

/** A Super Admin, or a user given `all_sites`, holds every site, present and future. */
export async function loadSiteAccess(db: Kysely<DB>, userId: number, grants: AccessSubject): Promise<SiteAccess> {
  const held = await userSiteHoldings(db, userId);
  if (held.allSitesFlag || isSuperAdmin(grants)) return { scope: { all: true }, sites: await activeSites(db), all_sites: true };
  return { scope: { ids: held.ids }, sites: held.active, all_sites: false };
}

type Actor = AccessSubject & { id: number };
const managesSites = (actor: AccessSubject) => can(actor, 'manage-sites');

function toSite(row: SiteRow, childrenCount?: number): Site {
  return { ...row, active: row.active === 1, ...(childrenCount === undefined ? {} : { children_count: childrenCount }) };
}

/** `manage-sites` holders see every site (with its number of children); everyone else the sites they hold. */
export async function listSites(db: Kysely<DB>, actor: Actor, scope: SiteScope, q: SiteListQuery): Promise<SiteListResponse> {
  const manager = managesSites(actor);
  const filter = manager || 'all' in scope ? { all: true as const } : { ids: scope.ids };
  const search = q.search || undefined;
  if (q.no_pagination) {
    const { rows, total } = await listSiteRows(db, { filter, search });
    const counts = manager ? await childrenCounts(db, rows.map((r) => r.id)) : undefined;
    return { data: rows.map((r) => toSite(r, counts?.get(r.id))), ...pageMeta(total, 1, Math.max(1, total)) };
  }
  const perPage = q.per_page ?? (await defaultPerPage(db));
  const { rows, total } = await listSiteRows(db, { filter, search, limit: perPage, offset: (q.page - 1) * perPage });
  const counts = manager ? await childrenCounts(db, rows.map((r) => r.id)) : undefined;
  return { data: rows.map((r) => toSite(r, counts?.get(r.id))), ...pageMeta(total, q.page, perPage) };
}

/** One site: to a `manage-sites` holder any, to anyone else only one they hold (else 404). */
export async function getSite(db: Kysely<DB>, actor: Actor, scope: SiteScope, id: number): Promise<Site> {
  const manager = managesSites(actor);
  const row = await findSite(db, id);
  if (!row || (!manager && !inScope(scope, id))) throw AppError.notFound();
  return toSite(row, manager ? (await childrenCounts(db, [id])).get(id) : undefined);
}

const valuesOf = (input: SiteCreateBody): SiteValues => ({
  name: input.name,
  kind: input.kind,
  province: input.province,
  address: input.address,
  phone: input.phone,
  active: input.active === false ? 0 : 1,
});

export async function createSite(db: Kysely<DB>, actor: Actor, input: SiteCreateBody): Promise<Site> {
  const id = await db.transaction().execute((trx) => siteWrites.createSite(trx, { actorId: actor.id, values: valuesOf(input), now: nowIso() }));
  return getSite(db, actor, { all: true }, id);
}

export async function updateSite(db: Kysely<DB>, actor: Actor, id: number, input: SiteUpdateBody): Promise<Site> {
  await db.transaction().execute((trx) => siteWrites.updateSite(trx, { actorId: actor.id, id, values: valuesOf(input), expectedUpdatedAt: input.updated_at }));
  return getSite(db, actor, { all: true }, id);
}

export async function deleteSite(db: Kysely<DB>, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute((trx) => siteWrites.deleteSite(trx, { actorId: actor.id, id }));
}

/**
 * The sites a user is given (user form): each must exist, and one the user did not hold before
 * must be held by the actor (nobody grants what they do not hold, as with permissions); so must
 * `all_sites` newly given. Inside the write's transaction.
 */
export async function assertMayGrantSites(
  db: Kysely<DB>,
  actor: Actor,
  change: { siteIds: readonly number[]; before: readonly number[]; allSites: boolean; allSitesBefore: boolean },
): Promise<number[]> {
  const actorScope = (await loadSiteAccess(db, actor.id, actor)).scope;
  const wanted = [...new Set(change.siteIds)];
  const found = await sitesByIds(db, wanted);
  if (found.length !== wanted.length) throw AppError.validation('site_ids', SITE_MSG.siteInvalid);
  if (change.allSites && !change.allSitesBefore && !('all' in actorScope)) throw AppError.forbidden(SITE_MSG.grantAllSites);
  const added = wanted.filter((id) => !change.before.includes(id));
  if (added.some((id) => !inScope(actorScope, id))) throw AppError.forbidden(SITE_MSG.grantSite);
  return wanted;
}

/**
 * The site a new or moved child goes to: one the user holds, active and existing, else 422 (the
 * same message for each, so nothing is learnt of sites the user does not hold). Without a
 * `site_id`, a user who holds exactly one active site puts the child there.
 */
export async function siteForChild(db: Kysely<DB>, scope: SiteScope, held: readonly { id: number }[], raw: unknown): Promise<number> {
  if (raw === undefined || raw === null || raw === '') {
    if (held.length === 1) return held[0]!.id;
    throw AppError.validation('site_id', SITE_MSG.siteRequired);
  }
  const parsed = recordId.safeParse(raw);
  if (!parsed.success) throw AppError.validation('site_id', SITE_MSG.siteInvalid);
  const [site] = await sitesByIds(db, [parsed.data]);
  if (!site || site.active !== 1 || !inScope(scope, site.id)) throw AppError.validation('site_id', SITE_MSG.siteInvalid);
  return site.id;
}

/**
 * The request's scope narrowed by a `site_id` filter (siteWithinScope's check) to that one site,
 * or as it was without one: every read a list or an export makes under it is filtered alike.
 */
export async function scopeOfSiteFilter(db: Kysely<DB>, scope: SiteScope, siteId: number | undefined): Promise<SiteScope> {
  const id = await siteWithinScope(db, scope, siteId);
  return id === undefined ? scope : { ids: [id] };
}

/** The names of these sites (active or not), for the answers that name a child's site. */
export async function siteNames(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await sitesByIds(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * A `site_id` a list, an export or the overview is narrowed to: an active site within the
 * request's scope — the ones the screens offer (`GET /auth/user`) — else 422, the same message
 * whether it does not exist, is inactive or is not the user's, so nothing is learnt of other
 * sites. An inactive site's children are still in the user's lists without a site filter.
 */
export async function siteWithinScope(db: Kysely<DB>, scope: SiteScope, siteId: number | undefined): Promise<number | undefined> {
  if (siteId === undefined) return undefined;
  const [site] = await sitesByIds(db, [siteId]);
  if (!site || site.active !== 1 || !inScope(scope, site.id)) throw AppError.validation('site_id', SITE_MSG.siteInvalid);
  return site.id;
}
