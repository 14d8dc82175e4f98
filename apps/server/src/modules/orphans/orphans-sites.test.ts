import { expect, it } from 'vitest';
import { call, describeEachDatabase, firstSiteId, loginAdmin, userWithRoles } from '../../../test/harness.ts';

/**
 * Every child answer names the child's site, and the list narrows to one of the user's sites.
 * Their plans: orphans-site-plans.test.ts.
 */
describeEachDatabase('orphans and their sites', (server) => {
  const child = (token: string, site: number, first: string) =>
    call(server(), 'POST', '/api/orphans', { token, body: { first_name: first, last_name: 'Siteward', dob: '2012-03-03', gender: 'male', admission_date: '2020-01-01', site_id: site } });

  it('names the site in details, list rows, search rows and selector rows, and filters the list by one of the user\'s sites', async () => {
    const admin = await loginAdmin(server());
    const siteA = await firstSiteId(server());
    const nameA = (await server().database.db.selectFrom('sites').select('name').where('id', '=', siteA).executeTakeFirstOrThrow()).name;
    const siteB = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: `Provincial ${Date.now()}`, kind: 'orphanage' } })).body.data;
    const created = await child(admin, siteB.id, 'Qasim');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ site_id: siteB.id, site_name: siteB.name });
    const inA = (await child(admin, siteA, 'Wahid')).body.data.id as number;

    expect((await call(server(), 'GET', `/api/orphans/${created.body.data.id}`, { token: admin })).body.data).toMatchObject({ site_id: siteB.id, site_name: siteB.name });
    const search = await call(server(), 'GET', '/api/orphans?search=Siteward&per_page=100', { token: admin });
    const byId = new Map(search.body.data.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(created.body.data.id)).toMatchObject({ site_id: siteB.id, site_name: siteB.name });
    expect(byId.get(inA)).toMatchObject({ site_id: siteA, site_name: nameA });
    const selector = await call(server(), 'GET', `/api/orphans?no_pagination=true&site_id=${siteB.id}`, { token: admin });
    expect(selector.body.data.data.map((r: { site_id: number; site_name: string }) => [r.site_id, r.site_name])).toEqual([[siteB.id, siteB.name]]);

    const onlyB = await call(server(), 'GET', `/api/orphans?site_id=${siteB.id}`, { token: admin });
    expect(onlyB.body.total).toBe(1);
    expect(onlyB.body.data[0].id).toBe(created.body.data.id);

    // A site the user does not hold, or none at all: 422, the same words.
    const teacher = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA] });
    const refused = await call(server(), 'GET', `/api/orphans?site_id=${siteB.id}`, { token: teacher.token });
    const unknown = await call(server(), 'GET', '/api/orphans?site_id=999999', { token: teacher.token });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(unknown.body);
    expect(refused.body.errors.site_id).toBeDefined();
    expect((await call(server(), 'GET', '/api/orphans?site_id=abc', { token: admin })).status).toBe(422);
    // An inactive site is not one to narrow to (its children stay in the unfiltered list): the same 422.
    const closed = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: `Closed ${Date.now()}`, kind: 'orphanage', active: false } })).body.data.id as number;
    expect((await call(server(), 'GET', `/api/orphans?site_id=${closed}`, { token: admin })).body).toEqual(unknown.body);
    const own = await call(server(), 'GET', `/api/orphans?site_id=${siteA}&per_page=100`, { token: teacher.token });
    expect(own.status).toBe(200);
    expect(own.body.data.every((r: { site_id: number }) => r.site_id === siteA)).toBe(true);
  });
});
