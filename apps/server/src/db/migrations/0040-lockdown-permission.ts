import type { Kysely } from 'kysely';

/**
 * The `lockdown` permission, given to the Super Admin role of an existing install (a new one gets
 * it from the seed). No other role gets it: starting lockdown ends everyone else's sessions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('permissions').values({ name: 'lockdown' }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const { id } = await db.selectFrom('permissions').select('id').where('name', '=', 'lockdown').executeTakeFirstOrThrow();
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'Super Admin').executeTakeFirst();
  if (!role) return;
  await db
    .insertInto('role_permissions')
    .values({ role_id: role.id, permission_id: id })
    .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
    .execute();
}
