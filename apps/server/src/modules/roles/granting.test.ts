import { expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, userWithRoles } from '../../../test/harness.ts';

/** Issue 12, finding 3: nobody grants, through any route, a permission they do not hold themselves. */
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
