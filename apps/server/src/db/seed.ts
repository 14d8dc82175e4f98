import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PERMISSIONS, ROLE, SEEDED_ROLES } from '@app/shared/permissions';
import { hashPassword } from '../lib/password.ts';
import { SIGNING_KEY_NAME } from '../modules/storage/url-signer.ts';
import { nowIso } from '../lib/time.ts';
import type { DB } from './schema.ts';
import { seedAdminContent } from './seed-content.ts';

export interface SeedResult {
  /** Set only when the first Super Admin was created with a generated password. */
  generatedAdmin?: { email: string; password: string };
}

/**
 * Idempotent start-up seed: every permission of the shared list exists, the seeded roles exist
 * (created once, then left to the administrators), Super Admin always holds every permission,
 * and a first Super Admin exists.
 */
export async function seedEssentials(
  db: Kysely<DB>,
  admin: { email?: string; password?: string },
): Promise<SeedResult> {
  const now = nowIso();
  const result: SeedResult = {};
  await db.transaction().execute(async (trx) => {
    for (const name of PERMISSIONS) {
      await trx.insertInto('permissions').values({ name }).onConflict((oc) => oc.column('name').doNothing()).execute();
    }
    const permissions = await trx.selectFrom('permissions').select(['id', 'name']).execute();
    const permissionId = new Map(permissions.map((p) => [p.name, p.id]));

    for (const [roleName, granted] of Object.entries(SEEDED_ROLES)) {
      const existing = await trx.selectFrom('roles').select('id').where('name', '=', roleName).executeTakeFirst();
      if (existing && roleName !== ROLE.superAdmin) continue;
      const roleId =
        existing?.id ??
        (await trx.insertInto('roles').values({ name: roleName, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
      for (const p of granted) {
        await trx
          .insertInto('role_permissions')
          .values({ role_id: roleId, permission_id: permissionId.get(p)! })
          .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
          .execute();
      }
    }

    await seedAdminContent(trx, now);
    await trx
      .insertInto('app_keys')
      .values({ name: SIGNING_KEY_NAME, value: randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();

    const superAdminRole = await trx.selectFrom('roles').select('id').where('name', '=', ROLE.superAdmin).executeTakeFirstOrThrow();
    const holder = await trx.selectFrom('user_roles').select('user_id').where('role_id', '=', superAdminRole.id).executeTakeFirst();
    if (holder) return;

    const email = (admin.email ?? 'admin@example.org').trim().toLowerCase();
    const password = admin.password ?? randomBytes(12).toString('base64url');
    if (!admin.password) result.generatedAdmin = { email, password };
    const existingUser = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    const userId =
      existingUser?.id ??
      (
        await trx
          .insertInto('users')
          .values({ name: 'Super Admin', email, password: await hashPassword(password), email_verified_at: now, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await trx.insertInto('user_roles').values({ user_id: userId, role_id: superAdminRole.id }).execute();
  });
  return result;
}
