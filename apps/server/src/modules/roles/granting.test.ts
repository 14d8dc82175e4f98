import { describe, expect, inject, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, startServer, userWithRoles } from '../../../test/harness.ts';
import { up } from '../../db/migrations/0026-administer-permission.ts';

/** Nobody grants, through any route, a permission they do not hold themselves. */
describeEachDatabase('granting access', (server) => {
  const roleByName = async (name: string) =>
    (await server().database.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const rolesOf = async (userId: number) =>
    (await server().database.db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id').select('roles.name').where('user_id', '=', userId).execute())
      .map((r) => r.name)
      .sort();

  it('refuses a Manager giving anyone (themselves included) a role holding a permission the Manager lacks, on every route', async () => {
    const admin = await loginAdmin(server());
    const keeper = await call(server(), 'POST', '/api/roles', { token: admin, body: { name: `Settings keeper ${Date.now()}`, permissions: ['manage-settings', 'view-orphans'] } });
    expect(keeper.status).toBe(201);
    const manager = await userWithRoles(server(), ['Manager']);
    const teacher = await userWithRoles(server(), ['Teacher']);
    const managerRole = await roleByName('Manager');

    for (const target of [manager, teacher]) {
      const res = await call(server(), 'PUT', `/api/users/${target.id}/roles`, { token: manager.token, body: { roles: [managerRole, keeper.body.data.id] } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You cannot grant a permission you do not hold yourself.');
    }
    const byEdit = await call(server(), 'PUT', `/api/users/${teacher.id}`, {
      token: manager.token,
      body: { name: 'Teacher', email: teacher.email, roles: ['Teacher', keeper.body.data.name] },
    });
    expect(byEdit.status).toBe(403);
    const byCreate = await call(server(), 'POST', '/api/users', {
      token: manager.token,
      body: { name: 'New', email: `new-${teacher.id}@test.org`, password: 'new-password-1', password_confirmation: 'new-password-1', roles: [keeper.body.data.name] },
    });
    expect(byCreate.status).toBe(403);
    // Nothing changed, and the same Manager still grants what they hold.
    expect(await rolesOf(manager.id)).toEqual(['Manager']);
    expect(await rolesOf(teacher.id)).toEqual(['Teacher']);
    const fine = await call(server(), 'PUT', `/api/users/${teacher.id}/roles`, { token: manager.token, body: { roles: [await roleByName('Caseworker')] } });
    expect(fine.status).toBe(200);
    // A Super Admin grants the role.
    expect((await call(server(), 'PUT', `/api/users/${teacher.id}/roles`, { token: admin, body: { roles: [keeper.body.data.id] } })).status).toBe(200);
  });

  it("refuses a Manager changing a Super Admin's roles through the role-assignment route", async () => {
    const manager = await userWithRoles(server(), ['Manager']);
    const superAdmin = await userWithRoles(server(), ['Super Admin']);
    const res = await call(server(), 'PUT', `/api/users/${superAdmin.id}/roles`, {
      token: manager.token,
      body: { roles: [await roleByName('Super Admin'), await roleByName('Teacher')] },
    });
    expect(res.status).toBe(403);
    expect(await rolesOf(superAdmin.id)).toEqual(['Super Admin']);
  });

  it('refuses a Manager stripping their own role of the permissions that manage roles', async () => {
    const manager = await userWithRoles(server(), ['Manager']);
    const managerRole = await roleByName('Manager');
    const current = (await call(server(), 'GET', `/api/roles/${managerRole}`, { token: manager.token })).body.data.permissions.map((p: { name: string }) => p.name);
    const res = await call(server(), 'PUT', `/api/roles/${managerRole}`, {
      token: manager.token,
      body: { name: 'Manager', permissions: current.filter((p: string) => p !== 'edit-roles') },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.permissions).toEqual(['You cannot take from a role you hold the permissions that let you manage roles.']);
    // Other permissions of it may go.
    const trimmed = await call(server(), 'PUT', `/api/roles/${managerRole}`, { token: manager.token, body: { name: 'Manager', permissions: current.filter((p: string) => p !== 'delete-pages') } });
    expect(trimmed.status).toBe(200);
    await call(server(), 'PUT', `/api/roles/${managerRole}`, { token: await loginAdmin(server()), body: { name: 'Manager', permissions: current } });
  });

  it('keeps role names unique ignoring case and spacing', async () => {
    const manager = await userWithRoles(server(), ['Manager']);
    const made = await call(server(), 'POST', '/api/roles', { token: manager.token, body: { name: `Helpers ${manager.id}`, permissions: ['view-orphans'] } });
    expect(made.status).toBe(201);
    for (const name of ['super admin', '  SUPER   admin ', 'SuperAdmin', 'manager']) {
      const renamed = await call(server(), 'PUT', `/api/roles/${made.body.data.id}`, { token: manager.token, body: { name, permissions: ['view-orphans'] } });
      expect(renamed.status, name).toBe(422);
      expect(renamed.body.errors.name).toEqual(['The name has already been taken.']);
      expect((await call(server(), 'POST', '/api/roles', { token: manager.token, body: { name, permissions: [] } })).status, name).toBe(422);
    }
  });
});

/** Being an administrator is the `administer` permission, which no role name carries and only a Super Admin gives. */
describeEachDatabase('administrators', (server) => {
  const roleByName = async (name: string) =>
    (await server().database.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const permissionsOf = async (token: string, roleId: number) =>
    ((await call(server(), 'GET', `/api/roles/${roleId}`, { token })).body.data.permissions as Array<{ name: string }>).map((p) => p.name);

  it('does not follow a role renamed or named like an administrator role', async () => {
    const admin = await loginAdmin(server());
    const keeperRole = await call(server(), 'POST', '/api/roles', { token: admin, body: { name: `Role keepers ${Date.now()}`, permissions: ['view-roles', 'edit-roles', 'create-roles', 'view-contacts', 'view-activities'] } });
    expect(keeperRole.status).toBe(201);
    const keeper = await userWithRoles(server(), [keeperRole.body.data.name]);
    const realManager = await userWithRoles(server(), ['Manager']);
    const managerRole = await roleByName('Manager');

    // The attack: "Manager" renamed away, the keeper's own role renamed "Manager" or a look-alike.
    const renameManager = await call(server(), 'PUT', `/api/roles/${managerRole}`, { token: keeper.token, body: { name: 'Manager (old)', permissions: await permissionsOf(admin, managerRole) } });
    expect(renameManager.status).toBe(422);
    expect(renameManager.body.errors.name).toEqual(['A built-in role cannot be renamed.']);
    const keeperPermissions = await permissionsOf(admin, keeperRole.body.data.id);
    for (const name of ['Manager', 'manager', 'Mаnager', 'MANAGER ', 'Man-ager', 'Teacher', 'Super Admin', 'Super Adm1n']) {
      const res = await call(server(), 'PUT', `/api/roles/${keeperRole.body.data.id}`, { token: keeper.token, body: { name, permissions: keeperPermissions } });
      expect(res.status, name).toBe(422);
      expect(res.body.errors.name, name).toEqual(['The name has already been taken.']);
      expect((await call(server(), 'POST', '/api/roles', { token: admin, body: { name, permissions: [] } })).status, name).toBe(422);
    }
    // Not even a Super Admin renames a seeded role.
    expect((await call(server(), 'PUT', `/api/roles/${await roleByName('Teacher')}`, { token: admin, body: { name: 'Teachers', permissions: await permissionsOf(admin, await roleByName('Teacher')) } })).status).toBe(422);
    // Nothing changed: the keeper is no administrator, the real Manager still is.
    for (const url of ['/api/contacts', '/api/activities']) {
      expect((await call(server(), 'GET', url, { token: keeper.token })).status, url).toBe(403);
      expect((await call(server(), 'GET', url, { token: realManager.token })).status, url).toBe(200);
    }
    expect((await server().database.db.selectFrom('roles').select('name').where('id', '=', managerRole).executeTakeFirstOrThrow()).name).toBe('Manager');
  });

  it('makes an administrator of any role holding administer, which only a Super Admin gives or takes', async () => {
    const admin = await loginAdmin(server());
    const manager = await userWithRoles(server(), ['Manager']);
    const leads = await call(server(), 'POST', '/api/roles', { token: manager.token, body: { name: `Office leads ${Date.now()}`, permissions: ['view-contacts', 'view-activities'] } });
    expect(leads.status).toBe(201);
    const lead = await userWithRoles(server(), [leads.body.data.name]);
    expect((await call(server(), 'GET', '/api/contacts', { token: lead.token })).status).toBe(403);

    // A Manager holds administer, yet may neither give it to a role nor take it from one.
    const give = await call(server(), 'PUT', `/api/roles/${leads.body.data.id}`, { token: manager.token, body: { name: leads.body.data.name, permissions: ['view-contacts', 'view-activities', 'administer'] } });
    expect(give.status).toBe(403);
    expect(give.body.message).toBe('Only a Super Admin may give a role the administer permission or take it away.');
    const made = await call(server(), 'POST', '/api/roles', { token: manager.token, body: { name: `Deputies ${Date.now()}`, permissions: ['administer'] } });
    expect(made.status).toBe(403);
    const managerRole = await roleByName('Manager');
    const managerPermissions = await permissionsOf(admin, managerRole);
    expect(managerPermissions).toContain('administer');
    const take = await call(server(), 'PUT', `/api/roles/${managerRole}`, { token: manager.token, body: { name: 'Manager', permissions: managerPermissions.filter((p) => p !== 'administer') } });
    expect(take.status).toBe(403);
    expect(await permissionsOf(admin, managerRole)).toEqual(managerPermissions);
    expect((await call(server(), 'GET', '/api/contacts', { token: lead.token })).status).toBe(403);

    // A Super Admin gives it: the role's holders become administrators, on their next request.
    expect((await call(server(), 'PUT', `/api/roles/${leads.body.data.id}`, { token: admin, body: { name: leads.body.data.name, permissions: ['view-contacts', 'view-activities', 'administer'] } })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/contacts', { token: lead.token })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/activities', { token: lead.token })).status).toBe(200);
    const me = await call(server(), 'GET', '/api/auth/user', { token: lead.token });
    expect(me.body.user.permissions.map((p: { name: string }) => p.name)).toContain('administer');
    // And takes it away again.
    expect((await call(server(), 'PUT', `/api/roles/${leads.body.data.id}`, { token: admin, body: { name: leads.body.data.name, permissions: ['view-contacts'] } })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/contacts', { token: lead.token })).status).toBe(403);
  });

  it('refuses a user giving up their own administrator access, whatever the role is called', async () => {
    const admin = await loginAdmin(server());
    const name = `Coordinators ${Date.now()}`;
    const made = await call(server(), 'POST', '/api/roles', { token: admin, body: { name, permissions: ['administer', 'view-users', 'edit-users'] } });
    expect(made.status).toBe(201);
    const coordinator = await userWithRoles(server(), [name, 'Teacher']);
    const res = await call(server(), 'PUT', `/api/users/${coordinator.id}/roles`, { token: coordinator.token, body: { roles: [await roleByName('Teacher')] } });
    expect(res.status).toBe(422);
    expect(res.body.errors.roles).toEqual(['You cannot remove your own Super Admin or Manager role.']);
  });
});

describe.each(inject('pgAdminUrl') ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))('upgrading to the administer permission [%s]', (dialect) => {
  it('keeps exactly the same administrators: the roles named Super Admin and Manager at the upgrade', async () => {
    const server = await startServer(dialect);
    try {
      const db = server.database.db;
      const admin = await loginAdmin(server);
      const manager = await userWithRoles(server, ['Manager']);
      // The data as the attack left it before the upgrade: the real Manager role renamed, another role named Manager.
      const managerRole = (await db.selectFrom('roles').select('id').where('name', '=', 'Manager').executeTakeFirstOrThrow()).id;
      await db.updateTable('roles').set({ name: 'Manager (old)' }).where('id', '=', managerRole).execute();
      const other = await call(server, 'POST', '/api/roles', { token: admin, body: { name: 'Helpers', permissions: ['view-contacts'] } });
      await db.updateTable('roles').set({ name: 'Manager' }).where('id', '=', other.body.data.id).execute();
      const helper = await userWithRoles(server, ['Manager']);
      const administer = (await db.selectFrom('permissions').select('id').where('name', '=', 'administer').executeTakeFirstOrThrow()).id;
      await db.deleteFrom('role_permissions').where('permission_id', '=', administer).execute();
      await db.deleteFrom('permissions').where('id', '=', administer).execute();

      await up(db);

      const holders = await db
        .selectFrom('role_permissions')
        .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
        .innerJoin('roles', 'roles.id', 'role_permissions.role_id')
        .select('roles.name')
        .where('permissions.name', '=', 'administer')
        .orderBy('roles.name')
        .execute();
      expect(holders.map((h) => h.name)).toEqual(['Manager', 'Super Admin']);
      // Who held the name "Manager" at the upgrade is an administrator, as before; the renamed role's holders are not, as before.
      expect((await call(server, 'GET', '/api/contacts', { token: helper.token })).status).toBe(200);
      expect((await call(server, 'GET', '/api/contacts', { token: manager.token })).status).toBe(403);
      expect((await call(server, 'GET', '/api/contacts', { token: admin })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
