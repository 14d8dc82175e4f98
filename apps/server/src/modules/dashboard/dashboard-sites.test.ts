import { expect, it } from 'vitest';
import { SITE_MSG } from '@app/shared/schemas/sites.schema';
import { call, describeEachDatabase, firstSiteId, loginAdmin, userWithRoles } from '../../../test/harness.ts';

/** The overview's site switcher: one of the user's sites narrows every figure to it; any other site is refused. */
describeEachDatabase('overview by site', (server) => {
  it('counts only the chosen site\'s children, and refuses a site the user does not hold with 422', async () => {
    const admin = await loginAdmin(server());
    const siteA = await firstSiteId(server());
    const siteB = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: `Switcher ${Date.now()}`, kind: 'school' } })).body.data.id as number;
    for (const first of ['Parwin', 'Sadaf']) {
      const made = await call(server(), 'POST', '/api/orphans', { token: admin, body: { first_name: first, last_name: 'Overview', dob: '2012-05-05', gender: 'female', admission_date: '2020-01-01', site_id: siteB } });
      expect(made.status).toBe(201);
    }
    const db = server().database.db;
    const inSite = async (site: number) =>
      Number((await db.selectFrom('orphans').select((eb) => eb.fn.countAll<number>().as('n')).where('site_id', '=', site).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);
    const manager = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA, siteB] });
    const overview = (q: string, token = manager.token) => call(server(), 'GET', `/api/dashboard/data${q}`, { token });
    expect((await overview(`?site_id=${siteB}`)).body.total_orphans.on_record).toBe(2);
    expect((await overview(`?site_id=${siteA}`)).body.total_orphans.on_record).toBe(await inSite(siteA));
    expect((await overview('')).body.total_orphans.on_record).toBe((await inSite(siteA)) + 2);

    const oneSite = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA] });
    for (const q of [`?site_id=${siteB}`, '?site_id=999999', '?site_id=abc']) {
      const res = await overview(q, oneSite.token);
      expect(res.status, q).toBe(422);
      expect(res.body.errors.site_id, q).toEqual([SITE_MSG.siteInvalid]);
    }
    expect((await call(server(), 'GET', `/api/dashboard/tasks?site_id=${siteB}`, { token: oneSite.token })).status).toBe(422);
  });
});
