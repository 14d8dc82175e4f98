import type { Kysely } from 'kysely';
import { ROLE } from '@app/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { containsText } from '../../lib/pagination.ts';
import { pathsById, type ActivityLinks } from '../activities/activities.service.ts';

type Db = Kysely<DB>;

export interface UserRow {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  all_sites: number;
  created_at: string;
}

const USER_COLUMNS = ['users.id', 'users.name', 'users.email', 'users.email_verified_at', 'users.all_sites', 'users.created_at'] as const;

export async function listUsers(db: Db, opts: { search?: string; limit: number; offset: number }): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users');
  if (opts.search) base = base.where((eb) => eb.or([containsText('users.name', opts.search!), containsText('users.email', opts.search!)]));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(USER_COLUMNS).orderBy('users.id').limit(opts.limit).offset(opts.offset).execute();
  return { rows, total: Number(n) };
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', id).executeTakeFirst();
}

export async function rolesOfUsers(db: Db, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.name'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.name')
    .execute();
  for (const r of rows) map.get(r.user_id)?.push({ id: r.id, name: r.name });
  return map;
}

export async function emailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function rolesByNames(db: Db, names: string[]): Promise<{ id: number; name: string }[]> {
  if (!names.length) return [];
  return db.selectFrom('roles').select(['id', 'name']).where('name', 'in', names).execute();
}

export async function rolesByIds(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db.selectFrom('roles').select(['id', 'name']).where('id', 'in', ids).execute();
}

export async function insertUser(
  trx: Db,
  values: { name: string; email: string; password: string; email_verified_at: string | null; all_sites: number; created_at: string; updated_at: string },
): Promise<number> {
  return (await trx.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateUserRow(
  trx: Db,
  id: number,
  values: Partial<{ name: string; email: string; password: string; email_verified_at: string | null; all_sites: number; updated_at: string }>,
): Promise<void> {
  await trx.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function deleteUserRow(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', id).execute();
}

export async function replaceUserRoles(trx: Db, userId: number, roleIds: number[]): Promise<void> {
  await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length) await trx.insertInto('user_roles').values(roleIds.map((role_id) => ({ user_id: userId, role_id }))).execute();
}

/** How many users hold Super Admin, optionally ignoring one user (who is about to lose it). */
export async function countSuperAdmins(db: Db, exceptUserId?: number): Promise<number> {
  let q = db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('roles.name', '=', ROLE.superAdmin);
  if (exceptUserId !== undefined) q = q.where('user_roles.user_id', '!=', exceptUserId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * On PostgreSQL, serialise changes that could remove the last Super Admin by locking the role's
 * row; SQLite already runs one write transaction at a time.
 */
export async function lockSuperAdminRole(trx: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('roles').select('id').where('name', '=', ROLE.superAdmin).forUpdate().execute();
}

/** Where the log's entries about a user link: users are one list, opened searching for the user's e-mail, which names one user. */
export const userActivityLinks: ActivityLinks = async (db, ids) =>
  pathsById(await db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute(), (r) => `/dashboard/users?${new URLSearchParams({ search: r.email })}`);
