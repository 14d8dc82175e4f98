import type { Kysely } from 'kysely';

/**
 * Need to know: one view and one edit permission per class of a child's sensitive fields. Before
 * this, whoever saw a child saw every field and whoever edited a child wrote every field; so that
 * no one loses access on upgrade, a role holding view-orphans gets every view permission of a
 * class, and one holding edit-orphans every edit permission. The seeded roles take their seeded
 * share instead (a Teacher none, a Caseworker all but donor and finance), as a fresh start gives.
 * The lists are written out here rather than read from the shared code, which will change after.
 */
const CLASSES = ['identity', 'medical', 'contact', 'family', 'donor', 'finance', 'notes'];
const SEEDED: Record<string, string[]> = {
  'Super Admin': CLASSES,
  Manager: CLASSES,
  Teacher: [],
  Caseworker: ['identity', 'medical', 'contact', 'family', 'notes'],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  const ids = new Map<string, number>();
  for (const cls of CLASSES) {
    for (const action of ['view', 'edit']) {
      const name = `${action}-${cls}`;
      await db.insertInto('permissions').values({ name }).onConflict((oc) => oc.column('name').doNothing()).execute();
      const { id } = await db.selectFrom('permissions').select('id').where('name', '=', name).executeTakeFirstOrThrow();
      ids.set(name, id);
    }
  }
  const held = await db
    .selectFrom('roles')
    .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
    .leftJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
    .select(['roles.id as role_id', 'roles.name as role_name', 'permissions.name as permission'])
    .execute();
  const roles = new Map<number, { name: string; permissions: Set<string> }>();
  for (const row of held) {
    const role = roles.get(row.role_id) ?? { name: row.role_name, permissions: new Set<string>() };
    if (row.permission) role.permissions.add(row.permission);
    roles.set(row.role_id, role);
  }
  for (const [roleId, role] of roles) {
    const seeded = SEEDED[role.name];
    const grants: string[] = [];
    for (const action of ['view', 'edit'] as const) {
      if (!role.permissions.has(`${action}-orphans`) && !(seeded && role.name === 'Super Admin')) continue;
      for (const cls of seeded ?? CLASSES) grants.push(`${action}-${cls}`);
    }
    for (const name of grants) {
      await db
        .insertInto('role_permissions')
        .values({ role_id: roleId, permission_id: ids.get(name)! })
        .onConflict((oc) => oc.columns(['role_id', 'permission_id']).doNothing())
        .execute();
    }
  }
}
