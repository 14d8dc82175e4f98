import type { Kysely } from 'kysely';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { DB } from '../../db/schema.ts';
import { loadSiteAccess, type SiteScope } from '../sites/sites.service.ts';

type Grants = Pick<AuthUser, 'roles' | 'permissions'>;
type Access = Pick<AuthUser, 'roles' | 'permissions' | 'sites' | 'all_sites'> & { scope: SiteScope };

/**
 * Everything a request may do: roles, permissions, and the sites whose children it reaches. Read
 * on every authenticated request, never cached, so a change holds from the next request.
 */
export async function loadAccess(db: Kysely<DB>, userId: number): Promise<Access> {
  const grants = await loadGrants(db, userId);
  const { scope, sites, all_sites } = await loadSiteAccess(db, userId, grants);
  return { ...grants, sites, all_sites, scope };
}

/**
 * A user's roles and the permissions those roles grant, in one query (it runs on every
 * authenticated request, so it is not cached: a role change takes effect on the next request).
 */
export async function loadGrants(db: Kysely<DB>, userId: number): Promise<Grants> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
    .leftJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['roles.id as role_id', 'roles.name as role_name', 'permissions.id as permission_id', 'permissions.name as permission_name'])
    .where('user_roles.user_id', '=', userId)
    .execute();
  const roles = new Map<number, string>();
  const permissions = new Map<number, string>();
  for (const r of rows) {
    roles.set(r.role_id, r.role_name);
    if (r.permission_id !== null && r.permission_name !== null) permissions.set(r.permission_id, r.permission_name);
  }
  return {
    roles: [...roles].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    permissions: [...permissions].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id),
  };
}

/** The signed-in user as the client sees it: roles, the permissions those roles grant, and sites. */
export async function loadAuthUser(db: Kysely<DB>, userId: number): Promise<AuthUser | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified_at', 'calendar', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const { scope: _scope, ...access } = await loadAccess(db, userId);
  return { ...user, ...access };
}
