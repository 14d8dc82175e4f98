import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { pathsById, type ActivityLinks } from '../activities/activities.service.ts';

type Db = Kysely<DB>;

export interface RoleRow {
  id: number;
  name: string;
  users_count: number;
}

export async function listRoleRows(db: Db, id?: number): Promise<RoleRow[]> {
  let q = db
    .selectFrom('roles')
    .select((eb) => [
      'roles.id',
      'roles.name',
      eb.selectFrom('user_roles').select(eb.fn.countAll<number>().as('n')).whereRef('user_roles.role_id', '=', 'roles.id').as('users_count'),
    ])
    .orderBy('roles.id');
  if (id !== undefined) q = q.where('roles.id', '=', id);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, name: r.name, users_count: Number(r.users_count ?? 0) }));
}

export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return map;
  const rows = await db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['role_permissions.role_id', 'permissions.id', 'permissions.name'])
    .where('role_permissions.role_id', 'in', roleIds)
    .orderBy('permissions.id')
    .execute();
  for (const r of rows) map.get(r.role_id)?.push({ id: r.id, name: r.name });
  return map;
}

export async function allPermissions(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('permissions').select(['id', 'name']).orderBy('id').execute();
}

export async function insertRole(trx: Db, name: string, now: string): Promise<number> {
  return (await trx.insertInto('roles').values({ name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateRoleRow(trx: Db, id: number, name: string, now: string): Promise<void> {
  await trx.updateTable('roles').set({ name, updated_at: now }).where('id', '=', id).execute();
}

export async function replaceRolePermissions(trx: Db, roleId: number, permissionIds: number[]): Promise<void> {
  await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (permissionIds.length) {
    await trx.insertInto('role_permissions').values(permissionIds.map((permission_id) => ({ role_id: roleId, permission_id }))).execute();
  }
}

export async function deleteRoleRow(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('roles').where('id', '=', id).execute();
}

/** Where the log's entries about a role link: the roles screen, while the role exists. */
export const roleActivityLinks: ActivityLinks = async (db, ids) => pathsById(await db.selectFrom('roles').select('id').where('id', 'in', ids).execute(), () => '/dashboard/roles');
