import { beforeAll, expect, it } from 'vitest';
import { SITE_MSG } from '@app/shared/schemas/sites.schema';
import { call, describeEachDatabase, firstSiteId, loginAdmin, userWithRoles } from '../../../test/harness.ts';

/**
 * The `site_id` filter of the results, attendance and gallery lists: one of the user's sites
 * narrows the list and its total to that site's children; without it, every site of the user's;
 * a site the user lacks, an inactive, unknown or malformed one answers 422 with the same words
 * (as the orphans list and the overview do).
 */
describeEachDatabase('site filters of the school record and gallery lists', (server) => {
  let admin: string;
  let siteA: number;
  let siteB: number;
  let closed: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    admin = await loginAdmin(server());
    siteA = await firstSiteId(server());
    siteB = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: 'Provincial home', kind: 'orphanage' } })).body.data.id;
    closed = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: 'Closed home', kind: 'orphanage', active: false } })).body.data.id;
    for (const [key, site] of [['kabul', siteA], ['province', siteB]] as const) {
      const child = await call(server(), 'POST', '/api/orphans', { token: admin, body: { first_name: key, last_name: 'Filtered', dob: '2013-03-03', gender: 'female', admission_date: '2021-01-01', site_id: site } });
      expect(child.status, JSON.stringify(child.body)).toBe(201);
      const id = (ids[key] = child.body.data.id as number);
      const result = { result_type: 'education', subject: 'Dari', term: 'Final', exam_date: '2025-06-01', year: 2025, total: 100, average: 75, score: 75, orphan_id: id };
      expect((await call(server(), 'POST', '/api/results', { token: admin, body: result })).status).toBe(201);
      const month = { month: 6, year: 2025, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0, orphan_id: id };
      expect((await call(server(), 'POST', '/api/attendances', { token: admin, body: month })).status).toBe(201);
      const form = new FormData();
      for (const [k, v] of Object.entries({ orphan_id: String(id), media_type: 'document', title: `Letter of ${key}`, date: '2025-06-02' })) form.append(k, v);
      form.append('file', new Blob([`A letter from ${key}.\n`], { type: 'text/plain' }), 'letter.txt');
      expect((await call(server(), 'POST', '/api/galleries', { token: admin, body: form })).status).toBe(201);
    }
  });

  const lists = {
    results: { url: '/api/results?year=2025', ids: (b: any) => b.data.map((r: { orphan_id: number }) => r.orphan_id), total: (b: any) => b.data.length },
    attendance: { url: '/api/attendances?month=6&year=2025', ids: (b: any) => b.data.map((r: { orphan_id: number }) => r.orphan_id), total: (b: any) => b.total },
    gallery: { url: '/api/galleries?date_from=2025-06-02&date_to=2025-06-02', ids: (b: any) => b.data.map((r: { orphan_id: number }) => r.orphan_id), total: (b: any) => b.total },
  };

  it.each(Object.keys(lists) as Array<keyof typeof lists>)("narrows the %s list and its total to one of the user's sites", async (name) => {
    const list = lists[name];
    const get = async (token: string, query = '') => {
      const res = await call(server(), 'GET', `${list.url}${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { ids: list.ids(res.body), total: list.total(res.body) };
    };
    expect((await get(admin)).ids.sort()).toEqual([ids.kabul, ids.province].sort());
    expect(await get(admin, `&site_id=${siteB}`)).toEqual({ ids: [ids.province], total: 1 });
    expect(await get(admin, `&site_id=${siteA}`)).toEqual({ ids: [ids.kabul], total: 1 });
    expect((await get(admin, '&site_id=')).total).toBe(2);
    // A user of both sites: the same; one child's list and another site: nothing.
    const both = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA, siteB] });
    expect(await get(both.token, `&site_id=${siteB}`)).toEqual({ ids: [ids.province], total: 1 });
    expect(await get(both.token, `&site_id=${siteA}&orphan_id=${ids.province}`)).toEqual({ ids: [], total: 0 });
    // A user of the provincial home only: hers, filtered or not.
    const provincial = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteB] });
    expect(await get(provincial.token)).toEqual({ ids: [ids.province], total: 1 });
  });

  it.each(Object.keys(lists) as Array<keyof typeof lists>)('refuses in the %s list a site the user lacks, an inactive, unknown or malformed one with 422 and the same words', async (name) => {
    const kabul = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA] });
    const answers: unknown[] = [];
    for (const [token, site] of [[kabul.token, siteB], [admin, closed], [admin, 999_999], [kabul.token, 999_999], [admin, 'abc'], [admin, -3]] as const) {
      const res = await call(server(), 'GET', `${lists[name].url}&site_id=${site}`, { token });
      expect(res.status, `${site}`).toBe(422);
      expect(res.body.errors.site_id).toEqual([SITE_MSG.siteInvalid]);
      answers.push(res.body);
    }
    expect(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]))).toBe(true);
  });
});
