import { afterEach, expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, userWithRoles } from '../../../test/harness.ts';

describeEachDatabase('settings', (server) => {
  const setMaintenance = (value: '0' | '1') =>
    server().database.db.updateTable('settings').set({ value }).where('key', '=', 'maintenance_mode').execute();
  afterEach(() => setMaintenance('0'));

  it('answers every setting as a flat key/value object, seeded with defaults', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'GET', '/api/settings', { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ['address', 'contact_email', 'contact_phone', 'facebook_url', 'instagram_url', 'items_per_page', 'maintenance_mode', 'organization_name', 'organization_slogan', 'read_log_retention_days', 'twitter_url', 'youtube_url'],
    );
    expect(res.body).toMatchObject({ maintenance_mode: '0', items_per_page: '10', address: 'Kabul, Afghanistan' });
    expect(res.body.organization_name).toBeTruthy();
  });

  it('saves JSON and multipart values, ignores unknown keys and logs the change', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'PUT', '/api/settings', {
      token,
      body: { organization_name: 'Kabul Orphan Care', facebook_url: 'https://facebook.com/kabul', items_per_page: 25, maintenance_mode: false, hacker: 'x' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Settings updated successfully');
    expect(res.body.data).toMatchObject({ organization_name: 'Kabul Orphan Care', facebook_url: 'https://facebook.com/kabul', items_per_page: '25', maintenance_mode: '0' });
    expect(res.body.data.hacker).toBeUndefined();
    expect(await server().database.db.selectFrom('settings').select('key').where('key', '=', 'hacker').executeTakeFirst()).toBeUndefined();

    const form = new FormData();
    form.append('organization_name', 'Kabul Orphan Care (multipart)');
    form.append('organization_slogan', 'Education with care');
    form.append('contact_phone', '+93 700 111 222');
    form.append('address', 'Karte Char, Kabul, Afghanistan');
    const multi = await call(server(), 'PUT', '/api/settings', { token, body: form });
    expect(multi.status).toBe(200);
    expect(multi.body.data).toMatchObject({ organization_name: 'Kabul Orphan Care (multipart)', organization_slogan: 'Education with care', items_per_page: '25' });

    const pub = await call(server(), 'GET', '/api/settings/public');
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ organization_name: 'Kabul Orphan Care (multipart)', contact_phone: '+93 700 111 222', address: 'Karte Char, Kabul, Afghanistan', facebook_url: 'https://facebook.com/kabul', maintenance_mode: '0' });
    // Every signed-in user's lists open at it, so the public settings carry it.
    expect(pub.body.items_per_page).toBe('25');

    // items_per_page is the lists' default page size.
    expect((await call(server(), 'GET', '/api/users', { token })).body.per_page).toBe(25);
    const log = await server().database.db.selectFrom('activities').select(['type', 'action']).where('subject_type', '=', 'settings').orderBy('id').execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log[0]).toEqual({ type: 'other', action: 'updated' });
  });

  it('validates: organisation name required, http(s) social links, known page sizes, 0/1 maintenance', async () => {
    const token = await loginAdmin(server());
    const res = await call(server(), 'PUT', '/api/settings', {
      token,
      body: { organization_name: ' ', twitter_url: 'javascript:alert(1)', youtube_url: 'ftp://files.example', items_per_page: '7', maintenance_mode: 'yes' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.organization_name).toEqual(['Organization name is required']);
    expect(res.body.errors.twitter_url).toEqual(['Please enter a valid URL starting with http:// or https://']);
    expect(res.body.errors.youtube_url).toEqual(['Please enter a valid URL starting with http:// or https://']);
    expect(res.body.errors.items_per_page).toEqual(['Items per page must be one of 5, 10, 15, 25, 50.']);
    expect(res.body.errors.maintenance_mode).toEqual(['Maintenance mode must be 0 or 1.']);
    // Blank social links are allowed.
    expect((await call(server(), 'PUT', '/api/settings', { token, body: { organization_name: 'Org', twitter_url: '' } })).status).toBe(200);
  });

  it('is for manage-settings holders only; the public part is open', async () => {
    const manager = await userWithRoles(server(), ['Manager']);
    expect((await call(server(), 'GET', '/api/settings', { token: manager.token })).status).toBe(403);
    expect((await call(server(), 'PUT', '/api/settings', { token: manager.token, body: { organization_name: 'x' } })).status).toBe(403);
    expect((await call(server(), 'GET', '/api/settings')).status).toBe(401);
    expect((await call(server(), 'GET', '/api/settings/public')).status).toBe(200);
  });

  it('maintenance mode: administrators work on, staff and guests get 503, sign-in stays open', async () => {
    const admin = await loginAdmin(server());
    const manager = await userWithRoles(server(), ['Manager']);
    const teacher = await userWithRoles(server(), ['Teacher'], 'teacher-pass-1');
    const on = await call(server(), 'PUT', '/api/settings', { token: admin, body: { organization_name: 'Org', maintenance_mode: '1' } });
    expect(on.status).toBe(200);

    expect((await call(server(), 'GET', '/api/users', { token: admin })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/pages', { token: manager.token })).status).toBe(200);
    const blocked = await call(server(), 'GET', '/api/dashboard/data', { token: teacher.token });
    expect(blocked.status).toBe(503);
    expect(blocked.body).toEqual({ message: 'The system is under maintenance. Please try again later.', code: 'maintenance' });
    // The public site stays open (plugins/maintenance.test.ts walks every route).
    expect((await call(server(), 'GET', '/api/pages/published')).status).toBe(200);

    // Signing in, the session call and the public settings stay open, so the SPA can explain.
    const login = await call(server(), 'POST', '/api/auth/login', { body: { email: teacher.email, password: 'teacher-pass-1' } });
    expect(login.status).toBe(200);
    expect((await call(server(), 'GET', '/api/auth/user', { token: teacher.token })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/settings/public')).body.maintenance_mode).toBe('1');

    const off = await call(server(), 'PUT', '/api/settings', { token: admin, body: { organization_name: 'Org', maintenance_mode: '0' } });
    expect(off.status).toBe(200);
    expect((await call(server(), 'GET', '/api/dashboard/data', { token: teacher.token })).status).toBe(200);
  });
});
