import type { Kysely } from 'kysely';

/**
 * Being an administrator becomes the `administer` permission instead of holding a role named
 * "Super Admin" or "Manager" (names that anyone managing roles could give). On upgrade the roles
 * that carry those names today get it, so the same people are administrators before and after;
 * from then on renaming a role changes nothing of what its holders may do.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('permissions').values({ name: 'administer' }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const { id } = await db.selectFrom('permissions').select('id').where('name', '=', 'administer').executeTakeFirstOrThrow();
  const roles = await db.selectFrom('roles').select('id').where('name', 'in', ['Super Admin', 'Manager']).execute();
  for (const role of roles) {
    await db
      .insertInto('role_permissions')
      .values({ role_id: role.id, permission_id: id })
      .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
      .execute();
  }
}
