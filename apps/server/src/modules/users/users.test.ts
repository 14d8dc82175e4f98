import { expect, it } from 'vitest';
import { ADMIN, call, describeEachDatabase, login, loginAdmin, userWithRoles } from '../../../test/harness.ts';

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Maryam Karimi',
  email,
  password: 'initial-pass-1',
  password_confirmation: 'initial-pass-1',
  ...extra,
});

describeEachDatabase('users', (server) => {
  const adminId = async (token: string) => (await call(server(), 'GET', '/api/auth/user', { token })).body.user.id as number;
  const roleId = async (name: string) =>
    (await server().database.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  // First, while the seeded admin is the only Super Admin.
  it('never deletes or demotes the last Super Admin', async () => {
    const token = await loginAdmin(server());
    const id = await adminId(token);
    const del = await call(server(), 'DELETE', `/api/users/${id}`, { token });
    expect(del.status).toBe(422);
    expect(del.body.message).toBe('The last Super Admin cannot be deleted.');
    const strip = await call(server(), 'PUT', `/api/users/${id}/roles`, { token, body: { roles: [] } });
    expect(strip.status).toBe(422);
    expect(strip.body.errors.roles).toEqual(['The last Super Admin cannot lose the Super Admin role.']);
    const viaUpdate = await call(server(), 'PUT', `/api/users/${id}`, { token, body: { name: 'Super Admin', email: ADMIN.email, roles: ['Manager'] } });
    expect(viaUpdate.status).toBe(422);
    const me = await call(server(), 'GET', '/api/auth/user', { token });
    expect(me.body.user.roles.map((r: any) => r.name)).toEqual(['Super Admin']);
  });

  it('lists users paged with search, roles and the verified flag', async () => {
    const token = await loginAdmin(server());
    for (let i = 0; i < 3; i++) {
      expect((await call(server(), 'POST', '/api/users', { token, body: newUser(`listed-${i}@test.org`, { name: `Listed Person ${i}` }) })).status).toBe(201);
    }
    const page = await call(server(), 'GET', '/api/users?page=2&per_page=2&search=listed', { token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3, from: 3, to: 3 });
    expect(page.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3, from: 3, to: 3 });
    expect(page.body.data).toHaveLength(1);
    expect(Object.keys(page.body.data[0]).sort()).toEqual(['all_sites', 'created_at', 'email', 'email_verified_at', 'id', 'is_email_verified', 'name', 'roles', 'site_ids', 'sites']);
    // Search is case-insensitive on both databases and LIKE wildcards match literally.
    expect((await call(server(), 'GET', '/api/users?search=LISTED%20PERSON', { token })).body.total).toBe(3);
    expect((await call(server(), 'GET', '/api/users?search=%25', { token })).body.total).toBe(0);
    const all = await call(server(), 'GET', '/api/users', { token });
    const admin = all.body.data.find((u: any) => u.email === ADMIN.email);
    expect(admin.roles.map((r: any) => r.name)).toEqual(['Super Admin']);
    expect(admin.is_email_verified).toBe(true);
    expect(all.body.per_page).toBe(10);
  });

  it('creates a user with roles, refuses a taken e-mail and answers the spec messages', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'POST', '/api/users', { token, body: newUser('Teacher.New@Test.org', { roles: ['Teacher'], is_email_verified: false }) });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('User created successfully');
    expect(res.body.data).toMatchObject({ email: 'teacher.new@test.org', is_email_verified: false, email_verified_at: null });
    expect(res.body.data.roles.map((r: any) => r.name)).toEqual(['Teacher']);
    // The new user signs in with the password given.
    await login(server(), 'teacher.new@test.org', 'initial-pass-1');

    const dup = await call(server(), 'POST', '/api/users', { token, body: newUser('teacher.new@test.org') });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.email).toEqual(['The email has already been taken.']);

    const bad = await call(server(), 'POST', '/api/users', { token, body: { name: '', email: 'nope', password: 'short', password_confirmation: 'other' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address']);
    expect(bad.body.errors.password).toEqual(['Password must be at least 8 characters long']);
    const mismatch = await call(server(), 'POST', '/api/users', { token, body: newUser('mm@test.org', { password_confirmation: 'something-else' }) });
    expect(mismatch.body.errors.password_confirmation).toEqual(['Passwords do not match']);
    const unknownRole = await call(server(), 'POST', '/api/users', { token, body: newUser('ur@test.org', { roles: ['Wizard'] }) });
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.errors.roles).toEqual(['The selected role is invalid.']);
  });

  it('updates without a password, and an administrator-set password signs the user out everywhere', async () => {
    const token = await loginAdmin(server());
    const u = await userWithRoles(server(), ['Teacher']);
    const keep = await call(server(), 'PUT', `/api/users/${u.id}`, { token, body: { name: 'Renamed', email: u.email, password: '', password_confirmation: '', is_email_verified: true } });
    expect(keep.status).toBe(200);
    expect(keep.body.data).toMatchObject({ name: 'Renamed', is_email_verified: true });
    expect((await call(server(), 'GET', '/api/auth/user', { token: u.token })).status).toBe(200);

    const set = await call(server(), 'PUT', `/api/users/${u.id}`, { token, body: { name: 'Renamed', email: u.email, password: 'admin-chosen-1', password_confirmation: 'admin-chosen-1' } });
    expect(set.status).toBe(200);
    expect((await call(server(), 'GET', '/api/auth/user', { token: u.token })).status).toBe(401);
    await login(server(), u.email, 'admin-chosen-1');

    const single = await call(server(), 'GET', `/api/users/${u.id}`, { token });
    expect(single.body.data.name).toBe('Renamed');
    expect((await call(server(), 'GET', '/api/users/999999', { token })).status).toBe(404);
  });

  it('assigns roles by id; the change applies on the next request', async () => {
    const token = await loginAdmin(server());
    const u = await userWithRoles(server(), []);
    expect((await call(server(), 'GET', '/api/pages', { token: u.token })).status).toBe(403);
    const res = await call(server(), 'PUT', `/api/users/${u.id}/roles`, { token, body: { roles: [await roleId('Caseworker'), await roleId('Manager')] } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User roles updated successfully');
    expect(res.body.data.roles.map((r: any) => r.name)).toEqual(['Caseworker', 'Manager']);
    expect((await call(server(), 'GET', '/api/pages', { token: u.token })).status).toBe(200);
    expect((await call(server(), 'PUT', `/api/users/${u.id}/roles`, { token, body: { roles: [999999] } })).status).toBe(422);
  });

  it('lets only a Super Admin grant, remove or touch Super Admin; Managers manage everyone else', async () => {
    const manager = await userWithRoles(server(), ['Manager']);
    const superAdmin = await userWithRoles(server(), ['Super Admin']);
    const teacher = await userWithRoles(server(), ['Teacher']);
    const sa = await roleId('Super Admin');

    expect((await call(server(), 'PUT', `/api/users/${teacher.id}/roles`, { token: manager.token, body: { roles: [sa] } })).status).toBe(403);
    expect((await call(server(), 'POST', '/api/users', { token: manager.token, body: newUser('would-be-sa@test.org', { roles: ['Super Admin'] }) })).status).toBe(403);
    expect((await call(server(), 'DELETE', `/api/users/${superAdmin.id}`, { token: manager.token })).status).toBe(403);
    const edit = await call(server(), 'PUT', `/api/users/${superAdmin.id}`, { token: manager.token, body: { name: 'x', email: superAdmin.email } });
    expect(edit.status).toBe(403);

    const toCaseworker = await call(server(), 'PUT', `/api/users/${teacher.id}/roles`, { token: manager.token, body: { roles: [await roleId('Caseworker')] } });
    expect(toCaseworker.status).toBe(200);
    expect((await call(server(), 'DELETE', `/api/users/${teacher.id}`, { token: manager.token })).status).toBe(200);
    expect((await call(server(), 'GET', `/api/users/${teacher.id}`, { token: manager.token })).status).toBe(404);

    // A Super Admin may promote and demote (there are other Super Admins).
    const promoted = await call(server(), 'PUT', `/api/users/${manager.id}/roles`, { token: superAdmin.token, body: { roles: [sa] } });
    expect(promoted.status).toBe(200);
    const demoted = await call(server(), 'PUT', `/api/users/${manager.id}/roles`, { token: superAdmin.token, body: { roles: [await roleId('Manager')] } });
    expect(demoted.status).toBe(200);
  });

  it('does not let a user lock themselves out', async () => {
    const manager = await userWithRoles(server(), ['Manager']);
    const self = await call(server(), 'DELETE', `/api/users/${manager.id}`, { token: manager.token });
    expect(self.status).toBe(422);
    expect(self.body.message).toBe('You cannot delete your own account.');
    const strip = await call(server(), 'PUT', `/api/users/${manager.id}/roles`, { token: manager.token, body: { roles: [await roleId('Teacher')] } });
    expect(strip.status).toBe(422);
    expect(strip.body.errors.roles).toEqual(['You cannot remove your own Super Admin or Manager role.']);
    // Adding a role to oneself is fine.
    const add = await call(server(), 'PUT', `/api/users/${manager.id}/roles`, { token: manager.token, body: { roles: [await roleId('Manager'), await roleId('Teacher')] } });
    expect(add.status).toBe(200);

    const sa = await userWithRoles(server(), ['Super Admin']);
    const own = await call(server(), 'PUT', `/api/users/${sa.id}/roles`, { token: sa.token, body: { roles: [] } });
    expect(own.status).toBe(422);
    expect(own.body.errors.roles).toEqual(['You cannot remove your own Super Admin or Manager role.']);
  });

  it('writes every change to the activity log', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'POST', '/api/users', { token, body: newUser('logged@test.org') });
    await call(server(), 'DELETE', `/api/users/${res.body.data.id}`, { token });
    const rows = await server().database.db.selectFrom('activities').select(['action', 'type']).where('subject_type', '=', 'user').where('subject_id', '=', res.body.data.id).orderBy('id').execute();
    expect(rows).toEqual([{ action: 'created', type: 'user' }, { action: 'deleted', type: 'user' }]);
  });

  it('refuses guests (401) and staff without the permission (403)', async () => {
    const teacher = await userWithRoles(server(), ['Teacher']);
    expect((await call(server(), 'GET', '/api/users')).status).toBe(401);
    expect((await call(server(), 'GET', '/api/users', { token: teacher.token })).status).toBe(403);
    expect((await call(server(), 'POST', '/api/users', { token: teacher.token, body: newUser('t@test.org') })).status).toBe(403);
    expect((await call(server(), 'DELETE', `/api/users/${teacher.id}`, { token: teacher.token })).status).toBe(403);
  });
});
