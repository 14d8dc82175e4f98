import type { Kysely } from 'kysely';
import { ROLE, can, permissionGroup } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import { ROLE_MSG, type PermissionItem, type RoleItem } from '@app/shared/schemas/role.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { logActivity } from '../activities/activities.service.ts';
import {
  allPermissions,
  deleteRoleRow,
  insertRole,
  listRoleRows,
  permissionsOfRoles,
  replaceRolePermissions,
  roleNameTaken,
  updateRoleRow,
} from './roles.repository.ts';

export async function listRoles(db: Kysely<DB>, id?: number): Promise<RoleItem[]> {
  const rows = await listRoleRows(db, id);
  const perms = await permissionsOfRoles(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const permissions = perms.get(r.id) ?? [];
    return { id: r.id, name: r.name, permissions, permissions_count: permissions.length, users_count: r.users_count };
  });
}

export async function getRole(db: Kysely<DB>, id: number): Promise<RoleItem> {
  const [role] = await listRoles(db, id);
  if (!role) throw AppError.notFound();
  return role;
}

export async function listPermissions(db: Kysely<DB>): Promise<PermissionItem[]> {
  return (await allPermissions(db)).map((p) => ({ ...p, group: permissionGroup(p.name) }));
}

/**
 * Resolve permission names; refuse unknown names, and refuse a non-Super-Admin granting a
 * permission they do not hold themselves (a Manager cannot hand out manage-settings).
 */
async function resolvePermissions(db: Kysely<DB>, actor: AuthUser, names: string[], alreadyGranted: string[]): Promise<{ id: number; name: string }[]> {
  const all = await allPermissions(db);
  const byName = new Map(all.map((p) => [p.name, p]));
  const unique = [...new Set(names)];
  if (unique.some((n) => !byName.has(n))) throw AppError.validation('permissions', ROLE_MSG.invalidPermission);
  if (unique.some((n) => !alreadyGranted.includes(n) && !can(actor, n))) throw AppError.forbidden(ROLE_MSG.grantOwn);
  return unique.map((n) => byName.get(n)!);
}

export async function createRole(db: Kysely<DB>, actor: AuthUser, input: { name: string; permissions: string[] }): Promise<RoleItem> {
  if (await roleNameTaken(db, input.name)) throw AppError.validation('name', ROLE_MSG.nameTaken);
  const permissions = await resolvePermissions(db, actor, input.permissions, []);
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertRole(trx, input.name, nowIso());
    await replaceRolePermissions(trx, id, permissions.map((p) => p.id));
    await logActivity(trx, { userId: actor.id, type: 'user', action: 'created', subjectType: 'role', subjectId: id, name: input.name, properties: { permissions: permissions.map((p) => p.name) } });
    return id;
  });
  return getRole(db, id);
}

export async function updateRole(db: Kysely<DB>, actor: AuthUser, id: number, input: { name: string; permissions: string[] }): Promise<RoleItem> {
  const existing = await getRole(db, id);
  const granted = existing.permissions.map((p) => p.name);
  if (existing.name === ROLE.superAdmin) {
    if (input.name !== existing.name) throw AppError.validation('name', ROLE_MSG.superAdminRename);
    const all = await allPermissions(db);
    if (all.some((p) => !input.permissions.includes(p.name))) throw AppError.validation('permissions', ROLE_MSG.superAdminPermissions);
  }
  if (await roleNameTaken(db, input.name, id)) throw AppError.validation('name', ROLE_MSG.nameTaken);
  const permissions = await resolvePermissions(db, actor, input.permissions, granted);
  await db.transaction().execute(async (trx) => {
    await updateRoleRow(trx, id, input.name, nowIso());
    await replaceRolePermissions(trx, id, permissions.map((p) => p.id));
    await logActivity(trx, {
      userId: actor.id,
      type: 'user',
      action: 'updated',
      subjectType: 'role',
      subjectId: id,
      name: input.name,
      properties: { previous_name: existing.name, permissions: permissions.map((p) => p.name) },
    });
  });
  return getRole(db, id);
}

export async function deleteRole(db: Kysely<DB>, actor: AuthUser, id: number): Promise<void> {
  const existing = await getRole(db, id);
  if (existing.name === ROLE.superAdmin) throw AppError.validation('role', ROLE_MSG.superAdminDelete);
  await db.transaction().execute(async (trx) => {
    // Counted again inside the transaction: a user may have been given the role meanwhile.
    const [fresh] = await listRoleRows(trx, id);
    if (fresh && fresh.users_count > 0) throw AppError.validation('role', ROLE_MSG.inUse.replace(':count', String(fresh.users_count)));
    await deleteRoleRow(trx, id);
    await logActivity(trx, { userId: actor.id, type: 'user', action: 'deleted', subjectType: 'role', subjectId: id, name: existing.name });
  });
}
