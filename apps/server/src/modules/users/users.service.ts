import type { Kysely } from 'kysely';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { isSuperAdmin } from '@app/shared/permissions';
import { type UserItem, type UserListResponse } from '@app/shared/schemas/user.schema';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { hashPassword } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { normaliseEmail } from '../auth/auth.service.ts';
import { defaultPerPage } from '../settings/settings.service.ts';
import { sitesOfUsers } from '../sites/sites.service.ts';
import { findUser, listUsers as listUserRows, rolesOfUsers, type UserRow } from './users.repository.ts';
import * as userWrites from './users.writes.ts';

/** Who is acting: the rules below depend on the actor's own roles and the session they use. */
export interface UserActionContext {
  db: Kysely<DB>;
  dialect: Dialect;
  actor: AuthUser;
  tokenId: number | null;
}

type Role = { id: number; name: string };
type SiteRef = { id: number; name: string };

function toItem(row: UserRow, roles: Role[], sites: SiteRef[]): UserItem {
  return {
    ...row,
    is_email_verified: row.email_verified_at !== null,
    roles,
    site_ids: sites.map((s) => s.id),
    sites,
    // A Super Admin holds every site whatever was stored.
    all_sites: row.all_sites === 1 || isSuperAdmin({ roles }),
  };
}

export async function listUsers(db: Kysely<DB>, q: { page: number; per_page?: number; search?: string }): Promise<UserListResponse> {
  const perPage = q.per_page ?? (await defaultPerPage(db));
  const { rows, total } = await listUserRows(db, { search: q.search || undefined, limit: perPage, offset: (q.page - 1) * perPage });
  const ids = rows.map((r) => r.id);
  const roles = await rolesOfUsers(db, ids);
  const sites = await sitesOfUsers(db, ids);
  const meta = pageMeta(total, q.page, perPage);
  return { data: rows.map((r) => toItem(r, roles.get(r.id) ?? [], sites.get(r.id) ?? [])), ...meta, meta };
}

export async function getUser(db: Kysely<DB>, id: number): Promise<UserItem> {
  const row = await findUser(db, id);
  if (!row) throw AppError.notFound();
  return toItem(row, (await rolesOfUsers(db, [id])).get(id) ?? [], (await sitesOfUsers(db, [id])).get(id) ?? []);
}

/** The actor as the writes take it: only what the rules read. */
const actorOf = (ctx: UserActionContext) => ({ actor: { id: ctx.actor.id, roles: ctx.actor.roles, permissions: ctx.actor.permissions }, dialect: ctx.dialect });

export async function createUser(
  ctx: UserActionContext,
  input: { name: string; email: string; password: string; is_email_verified?: boolean; roles?: string[]; site_ids?: number[]; all_sites?: boolean },
  ip: string,
): Promise<UserItem> {
  const password = await hashPassword(input.password, ip);
  const id = await ctx.db.transaction().execute((trx) => userWrites.createUser(trx, {
    ...actorOf(ctx),
    name: input.name,
    email: normaliseEmail(input.email),
    password,
    verified: !!input.is_email_verified,
    roles: input.roles ?? [],
    siteIds: input.site_ids ?? [],
    allSites: input.all_sites ?? false,
    now: nowIso(),
  }));
  return getUser(ctx.db, id);
}

export async function updateUser(
  ctx: UserActionContext,
  id: number,
  input: { name: string; email: string; password?: string; is_email_verified?: boolean; roles?: string[]; site_ids?: number[]; all_sites?: boolean },
  ip: string,
): Promise<UserItem> {
  // Refused before a new password is hashed: the write checks it again in its transaction.
  userWrites.assertMayTouch(ctx.actor, (await getUser(ctx.db, id)).roles);
  const password = input.password ? await hashPassword(input.password, ip) : undefined;
  await ctx.db.transaction().execute((trx) => userWrites.updateUser(trx, {
    ...actorOf(ctx),
    id,
    tokenId: ctx.tokenId,
    name: input.name,
    email: normaliseEmail(input.email),
    password,
    verified: input.is_email_verified,
    roles: input.roles,
    siteIds: input.site_ids,
    allSites: input.all_sites,
    now: nowIso(),
  }));
  return getUser(ctx.db, id);
}

export async function setUserRoles(ctx: UserActionContext, id: number, roleIds: number[]): Promise<UserItem> {
  await ctx.db.transaction().execute((trx) => userWrites.setUserRoles(trx, { ...actorOf(ctx), id, roleIds }));
  return getUser(ctx.db, id);
}

export async function deleteUser(ctx: UserActionContext, id: number): Promise<void> {
  await ctx.db.transaction().execute((trx) => userWrites.deleteUser(trx, { ...actorOf(ctx), id }));
}
