import { ERROR_CODE } from '@app/shared/messages';
import { ROLE, isSuperAdmin } from '@app/shared/permissions';
import { USER_MSG } from '@app/shared/schemas/user.schema';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { logActivity } from '../activities/activities.service.ts';
import { revokeOtherTokens, revokeTokensOfRemovedUser } from '../auth/tokens.service.ts';
import { deleteResetTokens } from '../password-reset/password-reset.service.ts';
import { assertMayGrantRoles, rolesAdminister, type Actor } from '../roles/roles.service.ts';
import { assertMayGrantSites, replaceUserSites, sitesOfUsers } from '../sites/sites.service.ts';
import {
  countSuperAdmins,
  deleteUserRow,
  emailTaken,
  findUser,
  insertUser,
  lockSuperAdminRole,
  replaceUserRoles,
  rolesByIds,
  rolesByNames,
  rolesOfUsers,
  updateUserRow,
} from './users.repository.ts';

/**
 * Every write to a user, each checking the rules of access inside its transaction (the roles
 * as they are now, not as the request read them) and logging itself.
 */

type Role = { id: number; name: string };
/** Roles named by the request: by name (user form) or by id (role assignment). */
type RoleRefs = { names: string[] } | { ids: number[] };

interface ActorArgs {
  actor: Actor;
  dialect: Dialect;
}

const holds = (roles: ReadonlyArray<{ name: string }>, name: string) => roles.some((r) => r.name === name);

async function resolveRoles(trx: Kysely<DB>, refs: RoleRefs): Promise<Role[]> {
  const wanted = 'names' in refs ? [...new Set(refs.names)] : [...new Set(refs.ids)];
  const found = 'names' in refs ? await rolesByNames(trx, refs.names) : await rolesByIds(trx, refs.ids);
  if (found.length !== wanted.length) throw AppError.validation('roles', USER_MSG.invalidRole);
  return found;
}

/** Only a Super Admin may change or delete a Super Admin (the service also asks before hashing a new password). */
export function assertMayTouch(actor: Actor, targetRoles: ReadonlyArray<{ name: string }>): void {
  if (holds(targetRoles, ROLE.superAdmin) && !isSuperAdmin(actor)) throw AppError.forbidden(USER_MSG.superAdminOnly);
}

/**
 * A user's roles change: the actor may touch the user, grants nothing they do not hold, and
 * neither removes their own administrator role nor the last Super Admin's.
 */
async function changeRoles(trx: Kysely<DB>, actor: Actor, targetId: number, current: Role[], next: Role[]): Promise<void> {
  assertMayTouch(actor, current);
  await assertMayGrantRoles(trx, actor, next.filter((r) => !holds(current, r.name)));
  if (holds(current, ROLE.superAdmin) && !holds(next, ROLE.superAdmin)) {
    if ((await countSuperAdmins(trx, targetId)) === 0) throw AppError.validation('roles', USER_MSG.lastSuperAdminRole);
  }
  if (targetId === actor.id && (await rolesAdminister(trx, current.map((r) => r.id))) && !(await rolesAdminister(trx, next.map((r) => r.id)))) {
    throw AppError.validation('roles', USER_MSG.selfLockOut);
  }
  await replaceUserRoles(trx, targetId, next.map((r) => r.id));
}

/**
 * The sites a user works at change: what is newly given must be held by the actor. Left out
 * (undefined) on an update: unchanged. Answers what to store.
 */
async function changeSites(
  trx: Kysely<DB>,
  actor: Actor,
  targetId: number | null,
  next: { siteIds?: number[]; allSites?: boolean },
  before: { allSites: boolean },
): Promise<{ siteIds?: number[]; allSites: boolean }> {
  const held = targetId === null ? [] : ((await sitesOfUsers(trx, [targetId])).get(targetId) ?? []).map((s) => s.id);
  const allSites = next.allSites ?? before.allSites;
  const siteIds = await assertMayGrantSites(trx, actor, { siteIds: next.siteIds ?? held, before: held, allSites, allSitesBefore: before.allSites });
  return { siteIds: next.siteIds === undefined ? undefined : siteIds, allSites };
}

interface NewUser extends ActorArgs {
  name: string;
  email: string;
  password: string;
  verified: boolean;
  roles: string[];
  siteIds: number[];
  allSites: boolean;
  now: string;
}

export const createUser = async (trx: Transaction<DB>, u: NewUser): Promise<number> => {
  if (await emailTaken(trx, u.email)) throw AppError.validation('email', USER_MSG.emailTaken, ERROR_CODE.emailTaken);
  const roles = await resolveRoles(trx, { names: u.roles });
  await assertMayGrantRoles(trx, u.actor, roles);
  const sites = await changeSites(trx, u.actor, null, { siteIds: u.siteIds, allSites: u.allSites }, { allSites: false });
  const id = await insertUser(trx, {
    name: u.name,
    email: u.email,
    password: u.password,
    email_verified_at: u.verified ? u.now : null,
    all_sites: sites.allSites ? 1 : 0,
    created_at: u.now,
    updated_at: u.now,
  });
  await replaceUserRoles(trx, id, roles.map((r) => r.id));
  await replaceUserSites(trx, id, sites.siteIds ?? []);
  await logActivity(trx, {
    userId: u.actor.id,
    type: 'user',
    action: 'created',
    subjectType: 'user',
    subjectId: id,
    name: u.name,
    properties: { roles: roles.map((r) => r.name), site_ids: sites.siteIds ?? [], all_sites: sites.allSites },
  });
  return id;
};

interface UserChange extends ActorArgs {
  id: number;
  /** The session making the change: an administrator setting their own password stays signed in. */
  tokenId: number | null;
  name: string;
  email: string;
  /** A new password's hash, when one is set. */
  password?: string;
  verified?: boolean;
  roles?: string[];
  siteIds?: number[];
  allSites?: boolean;
  now: string;
}

export const updateUser = async (trx: Transaction<DB>, u: UserChange): Promise<void> => {
  await lockSuperAdminRole(trx, u.dialect);
  const existing = await findUser(trx, u.id);
  if (!existing) throw AppError.notFound();
  const current = (await rolesOfUsers(trx, [u.id])).get(u.id) ?? [];
  assertMayTouch(u.actor, current);
  if (await emailTaken(trx, u.email, u.id)) throw AppError.validation('email', USER_MSG.emailTaken, ERROR_CODE.emailTaken);
  const next = u.roles === undefined ? undefined : await resolveRoles(trx, { names: u.roles });
  if (next) await changeRoles(trx, u.actor, u.id, current, next);
  const sites = await changeSites(trx, u.actor, u.id, { siteIds: u.siteIds, allSites: u.allSites }, { allSites: existing.all_sites === 1 });
  if (sites.siteIds) await replaceUserSites(trx, u.id, sites.siteIds);
  let verifiedAt = existing.email_verified_at;
  if (u.verified === true) verifiedAt ??= u.now;
  if (u.verified === false) verifiedAt = null;
  await updateUserRow(trx, u.id, {
    name: u.name,
    email: u.email,
    email_verified_at: verifiedAt,
    all_sites: sites.allSites ? 1 : 0,
    updated_at: u.now,
    ...(u.password ? { password: u.password } : {}),
  });
  if (u.email !== existing.email || u.password) await deleteResetTokens(trx, existing.email);
  // A password set by an administrator signs the user out everywhere (but the admin's own session).
  if (u.password) await revokeOtherTokens(trx, u.id, u.id === u.actor.id ? u.tokenId : null);
  await logActivity(trx, {
    userId: u.actor.id,
    type: 'user',
    action: 'updated',
    subjectType: 'user',
    subjectId: u.id,
    name: u.name,
    properties: {
      password_changed: !!u.password,
      ...(next ? { roles: next.map((r) => r.name) } : {}),
      ...(sites.siteIds ? { site_ids: sites.siteIds } : {}),
      all_sites: sites.allSites,
    },
  });
};

export const setUserRoles = async (trx: Transaction<DB>, u: ActorArgs & { id: number; roleIds: number[] }): Promise<void> => {
  await lockSuperAdminRole(trx, u.dialect);
  const existing = await findUser(trx, u.id);
  if (!existing) throw AppError.notFound();
  const current = (await rolesOfUsers(trx, [u.id])).get(u.id) ?? [];
  const next = await resolveRoles(trx, { ids: u.roleIds });
  await changeRoles(trx, u.actor, u.id, current, next);
  await logActivity(trx, { userId: u.actor.id, type: 'user', action: 'roles_updated', subjectType: 'user', subjectId: u.id, name: existing.name, properties: { roles: next.map((r) => r.name) } });
};

export const deleteUser = async (trx: Transaction<DB>, u: ActorArgs & { id: number }): Promise<void> => {
  await lockSuperAdminRole(trx, u.dialect);
  const existing = await findUser(trx, u.id);
  if (!existing) throw AppError.notFound();
  const roles = (await rolesOfUsers(trx, [u.id])).get(u.id) ?? [];
  assertMayTouch(u.actor, roles);
  // The more telling reason first: the last Super Admin deleting themselves hears about that.
  if (holds(roles, ROLE.superAdmin) && (await countSuperAdmins(trx, u.id)) === 0) throw AppError.validation('user', USER_MSG.lastSuperAdminDelete);
  if (u.id === u.actor.id) throw AppError.validation('user', USER_MSG.deleteSelf);
  await revokeTokensOfRemovedUser(trx, u.id);
  await deleteUserRow(trx, u.id);
  await deleteResetTokens(trx, existing.email);
  await logActivity(trx, { userId: u.actor.id, type: 'user', action: 'deleted', subjectType: 'user', subjectId: u.id, name: existing.name, properties: { email: existing.email } });
};
