import { beforeAll, expect, it } from 'vitest';
import { SITE_MSG } from '@app/shared/schemas/sites.schema';
import { call, describeEachDatabase, firstSiteId, loginAdmin, userWithRoles } from '../../../test/harness.ts';
import { exportFile, headings, openSheet, records } from '../../../test/export-sheets.ts';

/**
 * Exports and sites: every kind holds only the rows of the user's sites (an all-sites user's
 * hold every site's), names each child's site in its own column in the reader's language, and
 * narrows to one of the user's sites by `site_id`; another, inactive or unknown site is a 422
 * that logs nothing.
 */
describeEachDatabase('exports by site', (server) => {
  let admin: string;
  let siteA: number;
  let nameA: string;
  let siteB: { id: number; name: string };
  let closed: number;
  const ids: Record<string, number> = {};
  const YEAR = 2025;
  const RANGE = { result_type: 'education', from_date: `${YEAR}-01-01`, to_date: `${YEAR}-12-31` };
  const MONTH = { month: 5, year: YEAR };

  beforeAll(async () => {
    admin = await loginAdmin(server());
    siteA = await firstSiteId(server());
    nameA = (await server().database.db.selectFrom('sites').select('name').where('id', '=', siteA).executeTakeFirstOrThrow()).name;
    siteB = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: 'Provincial girls home', kind: 'orphanage', province: 'Bamyan' } })).body.data;
    closed = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: 'Closed home', kind: 'orphanage', active: false } })).body.data.id;
    const child = async (key: string, first: string, site: number) => {
      const res = await call(server(), 'POST', '/api/orphans', { token: admin, body: { first_name: first, last_name: 'Sitewise', dob: '2014-04-04', gender: 'female', admission_date: '2022-01-01', site_id: site } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[key] = res.body.data.id;
      const result = { ...RANGE, orphan_id: ids[key], subject: 'Mathematics', term: 'First Term', exam_date: `${YEAR}-05-10`, year: YEAR, total: 100, average: 70, score: 70 };
      expect((await call(server(), 'POST', '/api/results', { token: admin, body: result })).status).toBe(201);
      const month = { ...MONTH, orphan_id: ids[key], present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 };
      expect((await call(server(), 'POST', '/api/attendances', { token: admin, body: month })).status).toBe(201);
    };
    await child('kabul', 'Laila', siteA);
    await child('province', 'Parwana', siteB.id);
  });

  const bodies = { orphans: {}, results: RANGE, attendance: MONTH } as const;
  const kinds = Object.keys(bodies) as Array<keyof typeof bodies>;
  const exported = async (token: string, kind: keyof typeof bodies, extra: Record<string, unknown> = {}, language = 'en') =>
    records(await openSheet(await exportFile(server(), token, kind, { ...bodies[kind], ...extra }, { 'Accept-Language': language })));
  const sitewise = (rows: Array<Record<string, unknown>>) => rows.filter((r) => r['Last Name'] === 'Sitewise').map((r) => [r['First Name'], r.Site]);

  it.each(kinds)("holds in the %s export only the user's sites' rows, each naming its site", async (kind) => {
    // The all-sites administrator: both children, each with its site's name.
    expect(sitewise(await exported(admin, kind))).toEqual([['Laila', nameA], ['Parwana', siteB.name]]);
    // A Manager of the provincial home only: hers, and no row of Kabul's (the whole sheet, not just these children).
    const provincial = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteB.id] });
    const rows = await exported(provincial.token, kind);
    expect(rows.map((r) => [r['First Name'], r.Site])).toEqual([['Parwana', siteB.name]]);
    // A user of no site exports an empty sheet.
    const nowhere = await userWithRoles(server(), ['Manager'], undefined, { sites: [] });
    expect(await exported(nowhere.token, kind)).toEqual([]);
  });

  it.each(kinds)('narrows the %s export to one of the user\'s sites by site_id', async (kind) => {
    expect(sitewise(await exported(admin, kind, { site_id: siteB.id }))).toEqual([['Parwana', siteB.name]]);
    expect(sitewise(await exported(admin, kind, { site_id: String(siteA) }))).toEqual([['Laila', nameA]]);
    // Empty: every site of the user's.
    expect(sitewise(await exported(admin, kind, { site_id: '' }))).toHaveLength(2);
    const both = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA, siteB.id] });
    expect(sitewise(await exported(both.token, kind, { site_id: siteA }))).toEqual([['Laila', nameA]]);
  });

  it('heads the site column in Dari and Pashto', async () => {
    const dari = await openSheet(await exportFile(server(), admin, 'attendance', MONTH, { 'Accept-Language': 'fa-AF' }));
    expect(headings(dari)).toContain('مرکز');
    const pashto = await openSheet(await exportFile(server(), admin, 'orphans', { site_id: siteB.id }, { 'Accept-Language': 'ps-AF' }));
    expect(records(pashto).map((r) => r['مرکز'])).toEqual([siteB.name]);
  });

  it('refuses a site the user lacks, an inactive, unknown or malformed one with 422 and the same words, logging nothing', async () => {
    const kabul = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA] });
    const exportsLogged = async () =>
      Number((await server().database.db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).where('subject_type', '=', 'export').executeTakeFirstOrThrow()).n);
    const before = await exportsLogged();
    for (const kind of kinds) {
      const answers: unknown[] = [];
      for (const [token, site] of [[kabul.token, siteB.id], [admin, closed], [admin, 999_999], [kabul.token, 999_999]] as const) {
        const res = await exportFile(server(), token, kind, { ...bodies[kind], site_id: site });
        expect(res.status, `${kind} ${site}`).toBe(422);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        answers.push(res.json());
      }
      expect(answers[0]).toMatchObject({ code: 'validation_failed', errors: { site_id: [SITE_MSG.siteInvalid] } });
      expect(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]))).toBe(true);
      for (const site of ['abc', -1, 1.5]) {
        const res = await exportFile(server(), admin, kind, { ...bodies[kind], site_id: site });
        expect(res.status).toBe(422);
        expect(res.json().errors.site_id).toEqual([SITE_MSG.siteInvalid]);
      }
    }
    // A child of another of the user's sites than the one named: not in that site's export.
    const named = await exportFile(server(), admin, 'results', { ...RANGE, site_id: siteA, orphan_id: ids.province });
    expect(named.status).toBe(422);
    expect(named.json().errors.orphan_id).toBeDefined();
    expect(await exportsLogged()).toBe(before);
  });
});
