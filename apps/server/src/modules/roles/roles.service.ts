import type { Kysely } from 'kysely';
import { permissionGroup } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { PermissionItem, RoleItem } from '@app/shared/schemas/role.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { allPermissions, listRoleRows, permissionsOfRoles } from './roles.repository.ts';
import * as roleWrites from './roles.writes.ts';

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

/** The actor as the writes take it: only what the rules read. */
const actorOf = (user: AuthUser) => ({ id: user.id, roles: user.roles, permissions: user.permissions });

export async function createRole(db: Kysely<DB>, actor: AuthUser, input: { name: string; permissions: string[] }): Promise<RoleItem> {
  const id = await db.transaction().execute((trx) => roleWrites.createRole(trx, { actor: actorOf(actor), name: input.name, permissions: input.permissions, now: nowIso() }));
  return getRole(db, id);
}

export async function updateRole(db: Kysely<DB>, actor: AuthUser, id: number, input: { name: string; permissions: string[] }): Promise<RoleItem> {
  await db.transaction().execute((trx) => roleWrites.updateRole(trx, { actor: actorOf(actor), id, name: input.name, permissions: input.permissions, now: nowIso() }));
  return getRole(db, id);
}

export async function deleteRole(db: Kysely<DB>, actor: AuthUser, id: number): Promise<void> {
  await db.transaction().execute((trx) => roleWrites.deleteRole(trx, { actor: actorOf(actor), id }));
}

/** For other modules' writes (users): the rules of granting access. */
export { assertMayGrantRoles, rolesAdminister, type Actor } from './granting.ts';
