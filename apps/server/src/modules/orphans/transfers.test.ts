import { expect, it } from 'vitest';
import { SITE_MSG } from '@app/shared/schemas/sites.schema';
import { TRANSFER_MESSAGES } from '@app/shared/schemas/orphan.schema';
import { call, describeEachDatabase, firstSiteId, loginAdmin, userWithRoles } from '../../../test/harness.ts';

/** Moving a child between sites: who may, to where, what is kept, and what is refused. */
describeEachDatabase('transfers', (server) => {
  const db = () => server().database.db;
  const newSite = async (admin: string, name: string, active = true) =>
    (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: `${name} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, kind: 'orphanage', active } })).body.data as { id: number; name: string };
  const newChild = async (token: string, site: number) =>
    (await call(server(), 'POST', '/api/orphans', { token, body: { first_name: 'Nilofar', last_name: 'Moved', dob: '2012-04-04', gender: 'female', admission_date: '2020-01-01', site_id: site } })).body.data as { id: number };
  const stored = async (id: number) => ({
    site: (await db().selectFrom('orphans').select('site_id').where('id', '=', id).executeTakeFirstOrThrow()).site_id,
    moves: (await db().selectFrom('transfers').select('id').where('orphan_id', '=', id).execute()).length,
  });

  it('moves a child between two sites the user holds, keeps its results and attendance, logs it and shows the history', async () => {
    const admin = await loginAdmin(server());
    const siteA = await firstSiteId(server());
    const siteB = await newSite(admin, 'Provincial home');
    const manager = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA, siteB.id] });
    const child = await newChild(manager.token, siteA);
    const result = await call(server(), 'POST', '/api/results', { token: manager.token, body: { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 78, score: 84, grade: 'A', orphan_id: child.id } });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    const month = await call(server(), 'POST', '/api/attendances', { token: manager.token, body: { month: 2, year: 2025, present_days: 18, absent_days: 2, late_days: 1, excused_days: 1, absence_reasons: 'Fever', orphan_id: child.id } });
    expect(month.status, JSON.stringify(month.body)).toBe(201);

    const moved = await call(server(), 'POST', `/api/orphans/${child.id}/transfer`, { token: manager.token, body: { site_id: siteB.id, date: '2025-06-01', reason: 'Closer to her aunt' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body.message).toBe(TRANSFER_MESSAGES.transferred);
    const siteAName = (await db().selectFrom('sites').select('name').where('id', '=', siteA).executeTakeFirstOrThrow()).name;
    expect(moved.body.data).toMatchObject({ date: '2025-06-01', from_site: { id: siteA, name: siteAName }, to_site: { id: siteB.id, name: siteB.name }, reason: 'Closer to her aunt', by: { id: manager.id } });
    expect((await call(server(), 'GET', `/api/orphans/${child.id}`, { token: manager.token })).body.data).toMatchObject({ site_id: siteB.id, site_name: siteB.name });

    const back = await call(server(), 'POST', `/api/orphans/${child.id}/transfer`, { token: manager.token, body: { site_id: siteA, date: '2025-09-01', reason: 'Back for school' } });
    expect(back.status).toBe(201);
    const history = await call(server(), 'GET', `/api/orphans/${child.id}/transfers`, { token: manager.token });
    expect(history.status).toBe(200);
    expect(history.body.data.map((t: { date: string; to_site: { id: number } }) => [t.date, t.to_site.id])).toEqual([['2025-09-01', siteA], ['2025-06-01', siteB.id]]);

    // The records stayed with the child.
    expect((await call(server(), 'GET', `/api/results?orphan_id=${child.id}`, { token: manager.token })).body.data.map((r: { id: number }) => r.id)).toEqual([result.body.data.id]);
    expect((await call(server(), 'GET', `/api/attendances?orphan_id=${child.id}`, { token: manager.token })).body.data.map((r: { id: number }) => r.id)).toEqual([month.body.data.id]);
    const log = await call(server(), 'GET', `/api/activities?subject_type=orphan&subject_id=${child.id}`, { token: admin });
    expect(log.body.data.filter((e: { action: string }) => e.action === 'transferred')).toHaveLength(2);
    expect(JSON.stringify(log.body)).not.toContain('Closer to her aunt');

    // A site in a child's history is kept (it can be made inactive), and the history goes with a purged child.
    const gone = await newSite(admin, 'Short-lived');
    const other = await newChild(admin, siteA);
    expect((await call(server(), 'POST', `/api/orphans/${other.id}/transfer`, { token: admin, body: { site_id: gone.id, date: '2025-01-01', reason: 'Trial' } })).status).toBe(201);
    expect((await call(server(), 'POST', `/api/orphans/${other.id}/transfer`, { token: admin, body: { site_id: siteA, date: '2025-02-01', reason: 'Closed' } })).status).toBe(201);
    const refused = await call(server(), 'DELETE', `/api/sites/${gone.id}`, { token: admin });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.site).toEqual([SITE_MSG.hasTransfers]);
    expect((await call(server(), 'DELETE', `/api/orphans/${other.id}`, { token: admin })).status).toBe(200);
    expect((await call(server(), 'DELETE', `/api/orphans/${other.id}/purge`, { token: admin })).status).toBe(200);
    expect((await stored(child.id)).moves).toBe(2);
    expect((await db().selectFrom('transfers').select('id').where('orphan_id', '=', other.id).execute()).length).toBe(0);
  });

  it('refuses the same site, an inactive, unknown or unheld site and a bad body with 422, and another site\'s child with 404; nothing stored', async () => {
    const admin = await loginAdmin(server());
    const siteA = await firstSiteId(server());
    const held = await newSite(admin, 'Held');
    const inactive = await newSite(admin, 'Closed', false);
    const unheld = await newSite(admin, 'Kabul two');
    const teacher = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA, held.id, inactive.id] });
    const child = await newChild(teacher.token, siteA);
    const theirs = await newChild(admin, unheld.id);
    const before = { mine: await stored(child.id), theirs: await stored(theirs.id), all: (await db().selectFrom('transfers').select('id').execute()).length };

    const move = (id: number, body: unknown) => call(server(), 'POST', `/api/orphans/${id}/transfer`, { token: teacher.token, body });
    const ok = { date: '2025-06-01', reason: 'Moved' };
    const cases: Array<[unknown, string, string]> = [
      [{ ...ok, site_id: siteA }, 'site_id', TRANSFER_MESSAGES.sameSite],
      [{ ...ok, site_id: inactive.id }, 'site_id', SITE_MSG.siteInvalid],
      [{ ...ok, site_id: unheld.id }, 'site_id', SITE_MSG.siteInvalid],
      [{ ...ok, site_id: 999999 }, 'site_id', SITE_MSG.siteInvalid],
      [{ ...ok, site_id: 'x' }, 'site_id', SITE_MSG.siteRequired],
      [{ ...ok }, 'site_id', SITE_MSG.siteRequired],
      [{ site_id: held.id, reason: 'Moved' }, 'date', TRANSFER_MESSAGES.dateRequired],
      [{ site_id: held.id, date: '2025-02-30', reason: 'Moved' }, 'date', 'The transfer date must be a valid date (YYYY-MM-DD).'],
      [{ site_id: held.id, date: '2025-06-01', reason: ' ' }, 'reason', TRANSFER_MESSAGES.reasonRequired],
      [{ site_id: held.id, date: '2025-06-01', reason: '<b>x</b>' }, 'reason', 'The reason may not contain HTML.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await move(child.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toContain(message);
    }
    // Unheld and unknown sites answer alike: nothing is learnt of sites the user does not hold.
    expect((await move(child.id, { ...ok, site_id: unheld.id })).body).toEqual((await move(child.id, { ...ok, site_id: 999999 })).body);

    // Another site's child: as if it did not exist, on both routes.
    for (const [method, path] of [['POST', 'transfer'], ['GET', 'transfers']] as const) {
      const body = method === 'POST' ? { ...ok, site_id: held.id } : undefined;
      const other = await call(server(), method, `/api/orphans/${theirs.id}/${path}`, { token: teacher.token, body });
      const nobody = await call(server(), method, `/api/orphans/999999/${path}`, { token: teacher.token, body });
      expect(other.status).toBe(404);
      expect(other.body).toEqual(nobody.body);
    }
    expect({ mine: await stored(child.id), theirs: await stored(theirs.id), all: (await db().selectFrom('transfers').select('id').execute()).length }).toEqual(before);
  });
});
