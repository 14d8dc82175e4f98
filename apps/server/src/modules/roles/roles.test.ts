import { expect, it } from 'vitest';
import { PERMISSIONS } from '@app/shared/permissions';
import { call, describeEachDatabase, loginAdmin, userWithRoles } from '../../../test/harness.ts';

describeEachDatabase('roles', (server) => {
  const roleByName = async (token: string, name: string) =>
    (await call(server(), 'GET', '/api/roles', { token })).body.data.find((r: any) => r.name === name);

  it('lists roles with permissions, counts of permissions and users', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'GET', '/api/roles', { token });
    expect(res.status).toBe(200);
    const sa = res.body.data.find((r: any) => r.name === 'Super Admin');
    expect(sa.permissions_count).toBe(PERMISSIONS.length);
    expect(sa.users_count).toBe(1);
    expect(sa.permissions[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    const teacher = res.body.data.find((r: any) => r.name === 'Teacher');
    expect(teacher.permissions.map((p: any) => p.name)).toContain('view-results');
  });

  it('lists permissions with their group', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'GET', '/api/permissions', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(PERMISSIONS.length);
    expect(res.body.data.find((p: any) => p.name === 'view-orphans').group).toBe('orphans');
    expect(res.body.data.find((p: any) => p.name === 'manage-settings').group).toBe('settings');
  });

  it('creates, edits and deletes a role; names are unique and required', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'POST', '/api/roles', { token, body: { name: 'Volunteer', permissions: ['view-orphans', 'view-gallery'] } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Volunteer', permissions_count: 2, users_count: 0 });
    const id = res.body.data.id;

    const dup = await call(server(), 'POST', '/api/roles', { token, body: { name: 'Volunteer', permissions: [] } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toEqual(['The name has already been taken.']);
    const blank = await call(server(), 'POST', '/api/roles', { token, body: { name: '  ', permissions: [] } });
    expect(blank.body.errors.name).toEqual(['Role name is required']);
    const unknown = await call(server(), 'POST', '/api/roles', { token, body: { name: 'X', permissions: ['fly-planes'] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.permissions).toEqual(['The selected permission is invalid.']);

    const upd = await call(server(), 'PUT', `/api/roles/${id}`, { token, body: { name: 'Volunteers', permissions: ['view-orphans'] } });
    expect(upd.status).toBe(200);
    expect(upd.body.data.permissions.map((p: any) => p.name)).toEqual(['view-orphans']);
    expect((await call(server(), 'GET', `/api/roles/${id}`, { token })).body.data.name).toBe('Volunteers');

    expect((await call(server(), 'DELETE', `/api/roles/${id}`, { token })).status).toBe(200);
    expect((await call(server(), 'GET', `/api/roles/${id}`, { token })).status).toBe(404);
  });

  it('protects the Super Admin role: no delete, no rename, no permission removed', async () => {
    const token = await loginAdmin(server());
    const sa = await roleByName(token, 'Super Admin');
    const del = await call(server(), 'DELETE', `/api/roles/${sa.id}`, { token });
    expect(del.status).toBe(422);
    expect(del.body.message).toBe('The Super Admin role cannot be deleted.');
    const rename = await call(server(), 'PUT', `/api/roles/${sa.id}`, { token, body: { name: 'Boss', permissions: [...PERMISSIONS] } });
    expect(rename.status).toBe(422);
    expect(rename.body.errors.name).toEqual(['The Super Admin role cannot be renamed.']);
    const strip = await call(server(), 'PUT', `/api/roles/${sa.id}`, { token, body: { name: 'Super Admin', permissions: ['view-orphans'] } });
    expect(strip.status).toBe(422);
    expect(strip.body.errors.permissions).toEqual(['The Super Admin role always holds every permission.']);
    expect((await roleByName(token, 'Super Admin')).permissions_count).toBe(PERMISSIONS.length);
  });

  it('refuses to delete a role still held by users', async () => {
    const token = await loginAdmin(server());
    const created = await call(server(), 'POST', '/api/roles', { token, body: { name: 'Held Role', permissions: [] } });
    const a = await userWithRoles(server(), ['Held Role']);
    await userWithRoles(server(), ['Held Role']);
    const res = await call(server(), 'DELETE', `/api/roles/${created.body.data.id}`, { token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This role is assigned to 2 user(s). Remove it from them first.');
    expect((await call(server(), 'GET', '/api/auth/user', { token: a.token })).body.user.roles.map((r: any) => r.name)).toEqual(['Held Role']);
  });

  it('applies a role permission change on the holder’s next request', async () => {
    const token = await loginAdmin(server());
    const created = await call(server(), 'POST', '/api/roles', { token, body: { name: 'Page Reader', permissions: [] } });
    const reader = await userWithRoles(server(), ['Page Reader']);
    expect((await call(server(), 'GET', '/api/pages', { token: reader.token })).status).toBe(403);
    await call(server(), 'PUT', `/api/roles/${created.body.data.id}`, { token, body: { name: 'Page Reader', permissions: ['view-pages'] } });
    expect((await call(server(), 'GET', '/api/pages', { token: reader.token })).status).toBe(200);
    await call(server(), 'PUT', `/api/roles/${created.body.data.id}`, { token, body: { name: 'Page Reader', permissions: [] } });
    expect((await call(server(), 'GET', '/api/pages', { token: reader.token })).status).toBe(403);
  });

  it('does not let a Manager grant a permission the Manager lacks', async () => {
    const manager = await userWithRoles(server(), ['Manager']);
    const res = await call(server(), 'POST', '/api/roles', { token: manager.token, body: { name: 'Sneaky', permissions: ['manage-settings'] } });
    expect(res.status).toBe(403);
    const ok = await call(server(), 'POST', '/api/roles', { token: manager.token, body: { name: 'Helper', permissions: ['view-orphans'] } });
    expect(ok.status).toBe(201);
  });

  it('refuses guests (401) and staff without the permission (403)', async () => {
    const teacher = await userWithRoles(server(), ['Teacher']);
    expect((await call(server(), 'GET', '/api/roles')).status).toBe(401);
    expect((await call(server(), 'GET', '/api/roles', { token: teacher.token })).status).toBe(403);
    expect((await call(server(), 'GET', '/api/permissions', { token: teacher.token })).status).toBe(403);
    expect((await call(server(), 'POST', '/api/roles', { token: teacher.token, body: { name: 'T2', permissions: [] } })).status).toBe(403);
  });
});
