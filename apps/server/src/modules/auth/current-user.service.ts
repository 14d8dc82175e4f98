import type { Kysely } from 'kysely';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { DB } from '../../db/schema.ts';

/** The signed-in user as the client sees it: roles and the permissions those roles grant. */
export async function loadAuthUser(db: Kysely<DB>, userId: number): Promise<AuthUser | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.name')
    .execute();
  const permissions = roles.length
    ? await db
        .selectFrom('user_roles')
        .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .select(['permissions.id', 'permissions.name'])
        .distinct()
        .where('user_roles.user_id', '=', userId)
        .orderBy('permissions.id')
        .execute()
    : [];
  return { ...user, roles, permissions };
}
