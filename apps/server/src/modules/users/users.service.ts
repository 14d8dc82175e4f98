import type { Kysely } from 'kysely';
import { ADMIN_ROLES, ROLE, isSuperAdmin } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { USER_MSG, type UserItem, type UserListResponse } from '@app/shared/schemas/user.schema';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageMeta } from '../../lib/pagination.ts';
import { hashPassword } from '../../lib/password.ts';
import { nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import { normaliseEmail } from '../auth/auth.service.ts';
import { revokeOtherTokens } from '../auth/tokens.service.ts';
import { forgetResetTokens } from '../password-reset/password-reset.service.ts';
import { defaultPerPage } from '../settings/settings.service.ts';
import {
  countSuperAdmins,
  deleteUserRow,
  emailTaken,
  findUser,
  insertUser,
  listUsers as listUserRows,
  lockSuperAdminRole,
  replaceUserRoles,
  rolesByIds,
  rolesByNames,
  rolesOfUsers,
  updateUserRow,
  type UserRow,
} from './users.repository.ts';

/** Who is acting: the rules below depend on the actor's own roles and the session they use. */
export interface UserActionContext {
  db: Kysely<DB>;
  dialect: Dialect;
  actor: AuthUser;
  tokenId: number | null;
}

type Role = { id: number; name: string };

function toItem(row: UserRow, roles: Role[]): UserItem {
  return { ...row, is_email_verified: row.email_verified_at !== null, roles };
}

export async function listUsers(db: Kysely<DB>, q: { page: number; per_page?: number; search?: string }): Promise<UserListResponse> {
  const perPage = q.per_page ?? (await defaultPerPage(db));
  const { rows, total } = await listUserRows(db, { search: q.search || undefined, limit: perPage, offset: (q.page - 1) * perPage });
  const roles = await rolesOfUsers(db, rows.map((r) => r.id));
  const meta = pageMeta(total, q.page, perPage);
  return { data: rows.map((r) => toItem(r, roles.get(r.id) ?? [])), ...meta, meta };
}

export async function getUser(db: Kysely<DB>, id: number): Promise<UserItem> {
  const row = await findUser(db, id);
  if (!row) throw AppError.notFound();
  return toItem(row, (await rolesOfUsers(db, [id])).get(id) ?? []);
}

async function rolesFromNames(db: Kysely<DB>, names: string[]): Promise<Role[]> {
  const unique = [...new Set(names)];
  const found = await rolesByNames(db, unique);
  if (found.length !== unique.length) throw AppError.validation('roles', USER_MSG.invalidRole);
  return found;
}

async function rolesFromIds(db: Kysely<DB>, ids: number[]): Promise<Role[]> {
  const unique = [...new Set(ids)];
  const found = await rolesByIds(db, unique);
  if (found.length !== unique.length) throw AppError.validation('roles', USER_MSG.invalidRole);
  return found;
}

const holds = (roles: Role[], name: string) => roles.some((r) => r.name === name);

/**
 * The rules of changing a user's roles, checked inside the transaction that makes the change:
 * only a Super Admin grants or removes Super Admin; nobody removes their own administrator role;
 * the last Super Admin keeps the role.
 */
async function checkRoleChange(ctx: UserActionContext, trx: Kysely<DB>, targetId: number, current: Role[], next: Role[]): Promise<void> {
  const had = holds(current, ROLE.superAdmin);
  const will = holds(next, ROLE.superAdmin);
  if (had !== will && !isSuperAdmin(ctx.actor)) throw AppError.forbidden(USER_MSG.superAdminOnly);
  if (had && !will && (await countSuperAdmins(trx, targetId)) === 0) throw AppError.validation('roles', USER_MSG.lastSuperAdminRole);
  if (targetId === ctx.actor.id && ADMIN_ROLES.some((r) => holds(current, r) && !holds(next, r))) {
    throw AppError.validation('roles', USER_MSG.selfLockOut);
  }
}

/** Only a Super Admin may change or delete a Super Admin. */
function checkMayTouch(ctx: UserActionContext, targetRoles: Role[]): void {
  if (holds(targetRoles, ROLE.superAdmin) && !isSuperAdmin(ctx.actor)) throw AppError.forbidden(USER_MSG.superAdminOnly);
}

export async function createUser(
  ctx: UserActionContext,
  input: { name: string; email: string; password: string; is_email_verified?: boolean; roles?: string[] },
): Promise<UserItem> {
  const email = normaliseEmail(input.email);
  if (await emailTaken(ctx.db, email)) throw AppError.validation('email', USER_MSG.emailTaken);
  const roles = await rolesFromNames(ctx.db, input.roles ?? []);
  if (holds(roles, ROLE.superAdmin) && !isSuperAdmin(ctx.actor)) throw AppError.forbidden(USER_MSG.superAdminOnly);
  const password = await hashPassword(input.password);
  const now = nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertUser(trx, {
      name: input.name,
      email,
      password,
      email_verified_at: input.is_email_verified ? now : null,
      created_at: now,
      updated_at: now,
    });
    await replaceUserRoles(trx, id, roles.map((r) => r.id));
    await logActivity(trx, { userId: ctx.actor.id, type: 'user', action: 'created', subjectType: 'user', subjectId: id, name: input.name, properties: { roles: roles.map((r) => r.name) } });
    return id;
  });
  return getUser(ctx.db, id);
}

export async function updateUser(
  ctx: UserActionContext,
  id: number,
  input: { name: string; email: string; password?: string; is_email_verified?: boolean; roles?: string[] },
): Promise<UserItem> {
  const existing = await getUser(ctx.db, id);
  checkMayTouch(ctx, existing.roles);
  const email = normaliseEmail(input.email);
  if (await emailTaken(ctx.db, email, id)) throw AppError.validation('email', USER_MSG.emailTaken);
  const nextRoles = input.roles === undefined ? undefined : await rolesFromNames(ctx.db, input.roles);
  const password = input.password ? await hashPassword(input.password) : undefined;
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await lockSuperAdminRole(trx, ctx.dialect);
    if (nextRoles) {
      const current = (await rolesOfUsers(trx, [id])).get(id) ?? [];
      await checkRoleChange(ctx, trx, id, current, nextRoles);
      await replaceUserRoles(trx, id, nextRoles.map((r) => r.id));
    }
    let verifiedAt = existing.email_verified_at;
    if (input.is_email_verified === true) verifiedAt ??= now;
    if (input.is_email_verified === false) verifiedAt = null;
    await updateUserRow(trx, id, { name: input.name, email, email_verified_at: verifiedAt, updated_at: now, ...(password ? { password } : {}) });
    if (email !== existing.email || password) await forgetResetTokens(trx, existing.email);
    // A password set by an administrator signs the user out everywhere (but the admin's own session).
    if (password) await revokeOtherTokens(trx, id, id === ctx.actor.id ? ctx.tokenId : null);
    await logActivity(trx, {
      userId: ctx.actor.id,
      type: 'user',
      action: 'updated',
      subjectType: 'user',
      subjectId: id,
      name: input.name,
      properties: { password_changed: !!password, ...(nextRoles ? { roles: nextRoles.map((r) => r.name) } : {}) },
    });
  });
  return getUser(ctx.db, id);
}

export async function setUserRoles(ctx: UserActionContext, id: number, roleIds: number[]): Promise<UserItem> {
  const existing = await getUser(ctx.db, id);
  const nextRoles = await rolesFromIds(ctx.db, roleIds);
  await ctx.db.transaction().execute(async (trx) => {
    await lockSuperAdminRole(trx, ctx.dialect);
    const current = (await rolesOfUsers(trx, [id])).get(id) ?? [];
    await checkRoleChange(ctx, trx, id, current, nextRoles);
    await replaceUserRoles(trx, id, nextRoles.map((r) => r.id));
    await logActivity(trx, {
      userId: ctx.actor.id,
      type: 'user',
      action: 'roles_updated',
      subjectType: 'user',
      subjectId: id,
      name: existing.name,
      properties: { roles: nextRoles.map((r) => r.name) },
    });
  });
  return getUser(ctx.db, id);
}

export async function deleteUser(ctx: UserActionContext, id: number): Promise<void> {
  const existing = await getUser(ctx.db, id);
  checkMayTouch(ctx, existing.roles);
  await ctx.db.transaction().execute(async (trx) => {
    await lockSuperAdminRole(trx, ctx.dialect);
    // The more telling reason first: the last Super Admin deleting themselves hears about that.
    if (holds(existing.roles, ROLE.superAdmin) && (await countSuperAdmins(trx, id)) === 0) {
      throw AppError.validation('user', USER_MSG.lastSuperAdminDelete);
    }
    if (id === ctx.actor.id) throw AppError.validation('user', USER_MSG.deleteSelf);
    await deleteUserRow(trx, id);
    await forgetResetTokens(trx, existing.email);
    await logActivity(trx, { userId: ctx.actor.id, type: 'user', action: 'deleted', subjectType: 'user', subjectId: id, name: existing.name, properties: { email: existing.email } });
  });
}
