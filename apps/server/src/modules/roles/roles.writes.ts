import { ROLE, SEEDED_ROLE_NAMES, hasRole } from '@app/shared/permissions';
import { roleNameKey } from '@app/shared/role-names';
import { ROLE_MSG } from '@app/shared/schemas/role.schema';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { logActivity } from '../activities/activities.service.ts';
import { ROLE_MANAGEMENT, assertMayChangeAdminister, assertMayGrantPermissions, type Actor } from './granting.ts';
import { allPermissions, deleteRoleRow, insertRole, listRoleRows, permissionsOfRoles, replaceRolePermissions, updateRoleRow } from './roles.repository.ts';

/** Every write to a role, with the rules of granting access checked inside its transaction (roles/granting.ts). */

interface RoleInput {
  actor: Actor;
  name: string;
  permissions: string[];
  now: string;
}

/**
 * Names are unique as people read them ('super admin', 'SuperAdmin' or 'Mаnager' with a Cyrillic
 * а is not a new name), and a seeded role's name stays its own even after that role was deleted.
 */
async function assertNameFree(trx: Kysely<DB>, name: string, exceptId?: number): Promise<void> {
  const key = roleNameKey(name);
  const roles = await listRoleRows(trx);
  const own = roles.find((r) => r.id === exceptId)?.name;
  const others = [...roles.filter((r) => r.id !== exceptId).map((r) => r.name), ...SEEDED_ROLE_NAMES.filter((n) => n !== own)];
  if (others.some((other) => roleNameKey(other) === key)) throw AppError.validation('name', ROLE_MSG.nameTaken);
}

/** Permission names to rows; unknown names are refused. */
async function resolvePermissions(trx: Kysely<DB>, names: string[]): Promise<{ id: number; name: string }[]> {
  const byName = new Map((await allPermissions(trx)).map((p) => [p.name, p]));
  const unique = [...new Set(names)];
  if (unique.some((n) => !byName.has(n))) throw AppError.validation('permissions', ROLE_MSG.invalidPermission);
  return unique.map((n) => byName.get(n)!);
}

export const createRole = async (trx: Transaction<DB>, r: RoleInput): Promise<number> => {
  await assertNameFree(trx, r.name);
  const permissions = await resolvePermissions(trx, r.permissions);
  assertMayGrantPermissions(r.actor, permissions.map((p) => p.name));
  assertMayChangeAdminister(r.actor, [], permissions.map((p) => p.name));
  const id = await insertRole(trx, r.name, r.now);
  await replaceRolePermissions(trx, id, permissions.map((p) => p.id));
  await logActivity(trx, { userId: r.actor.id, type: 'user', action: 'created', subjectType: 'role', subjectId: id, name: r.name, properties: { permissions: permissions.map((p) => p.name) } });
  return id;
};

export const updateRole = async (trx: Transaction<DB>, r: RoleInput & { id: number }): Promise<void> => {
  const [existing] = await listRoleRows(trx, r.id);
  if (!existing) throw AppError.notFound();
  const before = ((await permissionsOfRoles(trx, [r.id])).get(r.id) ?? []).map((p) => p.name);
  if (existing.name === ROLE.superAdmin) {
    if (r.name !== existing.name) throw AppError.validation('name', ROLE_MSG.superAdminRename);
    const all = await allPermissions(trx);
    if (all.some((p) => !r.permissions.includes(p.name))) throw AppError.validation('permissions', ROLE_MSG.superAdminPermissions);
  } else if (SEEDED_ROLE_NAMES.includes(existing.name) && r.name !== existing.name) {
    throw AppError.validation('name', ROLE_MSG.seededRename);
  }
  await assertNameFree(trx, r.name, r.id);
  const permissions = await resolvePermissions(trx, r.permissions);
  const names = permissions.map((p) => p.name);
  // Keeping what the role already grants is not granting; adding is.
  assertMayGrantPermissions(r.actor, names.filter((n) => !before.includes(n)));
  assertMayChangeAdminister(r.actor, before, names);
  if (hasRole(r.actor, existing.name) && ROLE_MANAGEMENT.some((p) => before.includes(p) && !names.includes(p))) {
    throw AppError.validation('permissions', ROLE_MSG.keepRoleManagement);
  }
  await updateRoleRow(trx, r.id, r.name, r.now);
  await replaceRolePermissions(trx, r.id, permissions.map((p) => p.id));
  await logActivity(trx, {
    userId: r.actor.id,
    type: 'user',
    action: 'updated',
    subjectType: 'role',
    subjectId: r.id,
    name: r.name,
    properties: { previous_name: existing.name, permissions: names },
  });
};

export const deleteRole = async (trx: Transaction<DB>, { actor, id }: { actor: Actor; id: number }): Promise<void> => {
  const [existing] = await listRoleRows(trx, id);
  if (!existing) throw AppError.notFound();
  if (existing.name === ROLE.superAdmin) throw AppError.validation('role', ROLE_MSG.superAdminDelete);
  if (existing.users_count > 0) throw AppError.validation('role', ROLE_MSG.inUse.replace(':count', String(existing.users_count)));
  await deleteRoleRow(trx, id);
  await logActivity(trx, { userId: actor.id, type: 'user', action: 'deleted', subjectType: 'role', subjectId: id, name: existing.name });
};
