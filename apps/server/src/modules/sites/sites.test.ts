import { expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@app/shared/schemas/settings.schema';
import { call, describeEachDatabase, firstSiteId, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';

const site = (name: string, extra: Record<string, unknown> = {}) => ({ name, kind: 'orphanage', province: 'Kabul', address: null, phone: '', ...extra });

const child = (first: string, extra: Record<string, unknown> = {}) => ({
  first_name: first,
  last_name: 'Sitewise',
  dob: '2014-03-01',
  gender: 'female',
  admission_date: '2022-01-10',
  status: 'active',
  ...extra,
});

async function tableCounts(server: TestServer) {
  const db = server.database.db;
  const count = async (table: 'sites' | 'user_sites' | 'orphans' | 'users') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { sites: await count('sites'), user_sites: await count('user_sites'), orphans: await count('orphans'), users: await count('users') };
}

describeEachDatabase('sites', (server) => {
  // First, while the install holds only the site the migrations made.
  it('starts with one site named after the organisation, held by the Super Admin', async () => {
    const token = await loginAdmin(server());
    const list = await call(server(), 'GET', '/api/sites', { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, current_page: 1 });
    expect(list.body.data[0]).toMatchObject({ name: DEFAULT_SETTINGS.organization_name, kind: 'orphanage', active: true, children_count: 0 });
    const me = await call(server(), 'GET', '/api/auth/user', { token });
    expect(me.body.user.all_sites).toBe(true);
    expect(me.body.user.sites).toEqual([{ id: list.body.data[0].id, name: DEFAULT_SETTINGS.organization_name }]);
    // With a single site held, a new child goes there without naming it.
    const created = await call(server(), 'POST', '/api/orphans', { token, body: child('Onesite') });
    expect(created.status).toBe(201);
    const stored = await server().database.db.selectFrom('orphans').select('site_id').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(stored.site_id).toBe(list.body.data[0].id);
  });

  it('creates, reads, changes and deactivates a site with the house rules', async () => {
    const token = await loginAdmin(server());
    const created = await call(server(), 'POST', '/api/sites', { token, body: site('Provincial home', { province: 'Balkh' }) });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Site created successfully');
    expect(created.body.data).toMatchObject({ name: 'Provincial home', kind: 'orphanage', province: 'Balkh', address: null, phone: null, active: true, children_count: 0 });
    const id = created.body.data.id as number;

    const before = await tableCounts(server());
    const bad = await call(server(), 'POST', '/api/sites', { token, body: { name: ' ', kind: 'castle', province: '<b>x</b>' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.name).toEqual(['Site name is required']);
    expect(bad.body.errors.kind).toEqual(['The kind must be orphanage, school or other.']);
    expect(bad.body.errors.province).toEqual(['The province may not contain HTML.']);
    const dup = await call(server(), 'POST', '/api/sites', { token, body: site('provincial HOME') });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toEqual(['The name has already been taken.']);
    expect(await tableCounts(server())).toEqual(before);

    const read = await call(server(), 'GET', `/api/sites/${id}`, { token });
    expect(read.body.data).toEqual(created.body.data);
    const changed = await call(server(), 'PUT', `/api/sites/${id}`, { token, body: site('Provincial home', { kind: 'school', active: false, updated_at: read.body.data.updated_at }) });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: 'Site updated successfully', data: { kind: 'school', active: false } });
    // A save made from what was read before that change: refused, nothing written.
    const stale = await call(server(), 'PUT', `/api/sites/${id}`, { token, body: site('Renamed late', { updated_at: read.body.data.updated_at }) });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('changed_meanwhile');
    expect((await call(server(), 'GET', `/api/sites/${id}`, { token })).body.data.name).toBe('Provincial home');
    expect((await call(server(), 'GET', '/api/sites/999999', { token })).status).toBe(404);
    const log = await server().database.db.selectFrom('activities').select('action').where('subject_type', '=', 'site').where('subject_id', '=', id).orderBy('id').execute();
    expect(log.map((r) => r.action)).toEqual(['created', 'deactivated']);
  });

  it('deletes only a site without children or staff, and says why otherwise', async () => {
    const token = await loginAdmin(server());
    const withChild = (await call(server(), 'POST', '/api/sites', { token, body: site('Has a child') })).body.data.id as number;
    const withStaff = (await call(server(), 'POST', '/api/sites', { token, body: site('Has staff') })).body.data.id as number;
    const empty = (await call(server(), 'POST', '/api/sites', { token, body: site('Empty one') })).body.data.id as number;
    const kid = await call(server(), 'POST', '/api/orphans', { token, body: child('Blocker', { site_id: withChild }) });
    expect(kid.status).toBe(201);
    // In the trash the child still belongs to the site.
    expect((await call(server(), 'DELETE', `/api/orphans/${kid.body.data.id}`, { token })).status).toBe(200);
    await userWithRoles(server(), ['Teacher'], undefined, { sites: [withStaff] });

    const before = await tableCounts(server());
    const refusedChild = await call(server(), 'DELETE', `/api/sites/${withChild}`, { token });
    expect(refusedChild.status).toBe(422);
    expect(refusedChild.body.message).toBe('This site still has children (in the list or in the trash). Transfer them to another site first, or make the site inactive.');
    const refusedStaff = await call(server(), 'DELETE', `/api/sites/${withStaff}`, { token });
    expect(refusedStaff.status).toBe(422);
    expect(refusedStaff.body.message).toBe('This site is still given to staff members. Take it from them first, or make the site inactive.');
    expect(await tableCounts(server())).toEqual(before);

    const gone = await call(server(), 'DELETE', `/api/sites/${empty}`, { token });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe('Site deleted successfully');
    expect((await call(server(), 'GET', `/api/sites/${empty}`, { token })).status).toBe(404);
  });

  it('shows a user only the sites they hold; another site is not found', async () => {
    const admin = await loginAdmin(server());
    const a = (await call(server(), 'POST', '/api/sites', { token: admin, body: site('Kabul home A') })).body.data.id as number;
    const b = (await call(server(), 'POST', '/api/sites', { token: admin, body: site('Kabul home B') })).body.data.id as number;
    const teacher = await userWithRoles(server(), ['Teacher'], undefined, { sites: [a] });
    const list = await call(server(), 'GET', '/api/sites?no_pagination=true', { token: teacher.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, per_page: 1, last_page: 1 });
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([a]);
    expect(list.body.data[0]).not.toHaveProperty('children_count');
    expect((await call(server(), 'GET', `/api/sites/${a}`, { token: teacher.token })).status).toBe(200);
    const other = await call(server(), 'GET', `/api/sites/${b}`, { token: teacher.token });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Not Found.');
    // Managing sites is the Super Admin's by default; a Manager holds no such right.
    const manager = await userWithRoles(server(), ['Manager'], undefined, { sites: [a] });
    expect((await call(server(), 'POST', '/api/sites', { token: manager.token, body: site('Not allowed') })).status).toBe(403);
    // An all-sites user sees every site, paged.
    const everywhere = await userWithRoles(server(), ['Teacher'], undefined, { sites: 'all' });
    const paged = await call(server(), 'GET', '/api/sites?per_page=2&page=1', { token: everywhere.token });
    expect(paged.body.per_page).toBe(2);
    expect(paged.body.total).toBe((await call(server(), 'GET', '/api/sites', { token: admin })).body.total);
  });

  it('gives users sites on the user form; nobody grants a site or all sites they do not hold', async () => {
    const admin = await loginAdmin(server());
    const a = (await call(server(), 'POST', '/api/sites', { token: admin, body: site('Grant site A') })).body.data.id as number;
    const b = (await call(server(), 'POST', '/api/sites', { token: admin, body: site('Grant site B') })).body.data.id as number;
    const form = (email: string, extra: Record<string, unknown> = {}) => ({ name: 'Site Person', email, password: 'initial-pass-1', password_confirmation: 'initial-pass-1', roles: ['Teacher'], ...extra });

    const made = await call(server(), 'POST', '/api/users', { token: admin, body: form('sites-person@test.org', { site_ids: [b, a, a] }) });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ all_sites: false, site_ids: [a, b], sites: [{ id: a, name: 'Grant site A' }, { id: b, name: 'Grant site B' }] });
    const unknown = await call(server(), 'POST', '/api/users', { token: admin, body: form('unknown-site@test.org', { site_ids: [999999] }) });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.site_ids).toEqual(['The selected site is invalid.']);

    // A Manager of site A: gives A, never B or every site, and an update that leaves out the sites keeps them.
    const manager = await userWithRoles(server(), ['Manager'], undefined, { sites: [a] });
    const before = await tableCounts(server());
    const grantB = await call(server(), 'POST', '/api/users', { token: manager.token, body: form('gets-b@test.org', { site_ids: [b] }) });
    expect(grantB.status).toBe(403);
    expect(grantB.body.message).toBe('You cannot grant a site you do not hold yourself.');
    const grantAll = await call(server(), 'POST', '/api/users', { token: manager.token, body: form('gets-all@test.org', { all_sites: true }) });
    expect(grantAll.status).toBe(403);
    expect(grantAll.body.message).toBe('Only a user who holds all sites may grant all sites.');
    expect(await tableCounts(server())).toEqual(before);
    const teacher = await call(server(), 'POST', '/api/users', { token: manager.token, body: form('gets-a@test.org', { site_ids: [a] }) });
    expect(teacher.status).toBe(201);
    const id = teacher.body.data.id as number;
    const toB = await call(server(), 'PUT', `/api/users/${id}`, { token: manager.token, body: { name: 'Site Person', email: 'gets-a@test.org', site_ids: [a, b] } });
    expect(toB.status).toBe(403);
    const kept = await call(server(), 'PUT', `/api/users/${id}`, { token: manager.token, body: { name: 'Renamed Person', email: 'gets-a@test.org' } });
    expect(kept.body.data).toMatchObject({ name: 'Renamed Person', site_ids: [a], all_sites: false });
    // What the user already holds may stay when someone who lacks it edits them.
    const both = await call(server(), 'PUT', `/api/users/${id}`, { token: admin, body: { name: 'Renamed Person', email: 'gets-a@test.org', site_ids: [a, b] } });
    expect(both.body.data.site_ids).toEqual([a, b]);
    expect((await call(server(), 'PUT', `/api/users/${id}`, { token: manager.token, body: { name: 'Again', email: 'gets-a@test.org', site_ids: [a, b] } })).status).toBe(200);
    const all = await call(server(), 'PUT', `/api/users/${id}`, { token: admin, body: { name: 'Again', email: 'gets-a@test.org', all_sites: true } });
    expect(all.body.data.all_sites).toBe(true);
  });

  it('lists the active sites a user holds in /auth/user, and a change holds from the next request', async () => {
    const admin = await loginAdmin(server());
    const a = (await call(server(), 'POST', '/api/sites', { token: admin, body: site('Session site A') })).body.data.id as number;
    const b = (await call(server(), 'POST', '/api/sites', { token: admin, body: site('Session site B') })).body.data.id as number;
    const user = await userWithRoles(server(), ['Teacher'], undefined, { sites: [a, b] });
    const me = async () => (await call(server(), 'GET', '/api/auth/user', { token: user.token })).body.user;
    expect(await me()).toMatchObject({ all_sites: false, sites: [{ id: a, name: 'Session site A' }, { id: b, name: 'Session site B' }] });
    const readB = await call(server(), 'GET', `/api/sites/${b}`, { token: admin });
    await call(server(), 'PUT', `/api/sites/${b}`, { token: admin, body: site('Session site B', { active: false, updated_at: readB.body.data.updated_at }) });
    expect((await me()).sites).toEqual([{ id: a, name: 'Session site A' }]);
    const edit = await call(server(), 'PUT', `/api/users/${user.id}`, { token: admin, body: { name: 'Session Teacher', email: user.email, site_ids: [] } });
    expect(edit.status).toBe(200);
    expect((await me()).sites).toEqual([]);
    expect((await call(server(), 'GET', `/api/sites/${a}`, { token: user.token })).status).toBe(404);
  });

  it('puts a new child only in an active site the user holds (422 otherwise, nothing stored)', async () => {
    const admin = await loginAdmin(server());
    const a = (await call(server(), 'POST', '/api/sites', { token: admin, body: site('Child site A') })).body.data.id as number;
    const b = (await call(server(), 'POST', '/api/sites', { token: admin, body: site('Child site B') })).body.data.id as number;
    const closed = (await call(server(), 'POST', '/api/sites', { token: admin, body: site('Child site closed', { active: false }) })).body.data.id as number;
    const caseworker = await userWithRoles(server(), ['Caseworker'], undefined, { sites: [a, closed] });
    const before = await tableCounts(server());
    for (const site_id of [b, closed, 999999, 'abc']) {
      const res = await call(server(), 'POST', '/api/orphans', { token: caseworker.token, body: child('Refused', { site_id }) });
      expect(res.status).toBe(422);
      expect(res.body.errors.site_id).toEqual(['The selected site is invalid.']);
    }
    // More than one site: the child's site must be named.
    const unnamed = await call(server(), 'POST', '/api/orphans', { token: admin, body: child('Unnamed') });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.errors.site_id).toEqual(['The site is required.']);
    expect(await tableCounts(server())).toEqual(before);
    const ok = await call(server(), 'POST', '/api/orphans', { token: caseworker.token, body: child('Placed', { site_id: a }) });
    expect(ok.status).toBe(201);
    // The one active site the caseworker holds is the default.
    const defaulted = await call(server(), 'POST', '/api/orphans', { token: caseworker.token, body: child('Defaulted') });
    expect(defaulted.status).toBe(201);
    const rows = await server().database.db.selectFrom('orphans').select('site_id').where('id', 'in', [ok.body.data.id, defaulted.body.data.id]).execute();
    expect(rows.map((r) => r.site_id)).toEqual([a, a]);
    expect(await firstSiteId(server())).not.toBe(a);
  });
});
