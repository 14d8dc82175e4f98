import { beforeAll, expect, it } from 'vitest';
import { ACTIVITY_TYPES } from '@app/shared/schemas/activity.schema';
import { ROLE, SEEDED_ROLES } from '@app/shared/permissions';
import { ADMIN, call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';

/**
 * The activity log: entries written by real changes through the API, found by
 * every filter and paged; links only to records that still exist outside the trash; the screen
 * closed to anyone but an administrator holding view-activities; bad filters refused with a 422.
 */

const CHILD = { first_name: 'Maryam', last_name: 'Ahmadi', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', class_grade: '4' };
const RESULT = { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 78, score: 84 };

interface Entry {
  id: number;
  type: string;
  action: string;
  subject_type: string;
  subject_id: number | null;
  name: string;
  user: { id: number; name: string } | null;
  created_at: string;
  link: string | null;
  period: { month: number; year: number } | null;
  child_count: number | null;
}

async function ok(server: TestServer, method: string, url: string, token: string, body?: unknown) {
  const res = await call(server, method, url, { token, body });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describeEachDatabase('activity log', (server) => {
  let admin: string;
  let adminId: number;
  let log: (query: string, token?: string) => Promise<{ status: number; body: any }>;
  let entries: (query: string) => Promise<Entry[]>;

  beforeAll(async () => {
    admin = await loginAdmin(server());
    adminId = (await server().database.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
    log = (query, token = admin) => call(server(), 'GET', `/api/activities${query}`, { token });
    entries = async (query) => {
      const res = await log(query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
  });

  it('lists the entries of real changes newest first, with who, what, the record and a link to it', async () => {
    const child = (await ok(server(), 'POST', '/api/orphans', admin, { ...CHILD, first_name: 'Laila' })).data;
    await ok(server(), 'PUT', `/api/orphans/${child.id}`, admin, { ...CHILD, first_name: 'Laila', last_name: 'Noori' });

    const mine = await entries(`?subject_type=orphan&subject_id=${child.id}`);
    expect(mine.map((e) => e.action)).toEqual(['updated', 'created']);
    expect(mine[0]).toEqual({
      id: expect.any(Number),
      type: 'orphan',
      action: 'updated',
      subject_type: 'orphan',
      subject_id: child.id,
      name: 'Laila Noori',
      user: { id: adminId, name: expect.any(String) },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      link: `/dashboard/orphans/${child.id}`,
      period: null,
      child_count: null,
    });
    expect(mine[1]!.name).toBe('Laila Ahmadi');
    // Both entries link to the child as it is now.
    expect(mine[1]!.link).toBe(`/dashboard/orphans/${child.id}`);

    // The newest entry of the whole log is the update.
    const all = await log('');
    expect(all.body.data[0]).toMatchObject({ subject_type: 'orphan', subject_id: child.id, action: 'updated' });
    expect(all.body).toMatchObject({ current_page: 1, per_page: 25, from: 1 });
  });

  it('drops the link of a child in the trash, and of its results, and gives it back on restore', async () => {
    const child = (await ok(server(), 'POST', '/api/orphans', admin, CHILD)).data;
    const result = (await ok(server(), 'POST', '/api/results', admin, { ...RESULT, orphan_id: child.id })).data;
    const [resultEntry] = await entries(`?subject_type=result&subject_id=${result.id}`);
    expect(resultEntry).toMatchObject({ type: 'other', action: 'created', link: `/dashboard/results/${result.id}` });

    await ok(server(), 'DELETE', `/api/orphans/${child.id}`, admin);
    const trashed = await entries(`?subject_type=orphan&subject_id=${child.id}`);
    expect(trashed.map((e) => e.action)).toEqual(['deleted', 'created']);
    expect(trashed.every((e) => e.link === null)).toBe(true);
    expect((await entries(`?subject_type=result&subject_id=${result.id}`))[0]!.link).toBeNull();

    await ok(server(), 'POST', `/api/orphans/${child.id}/restore`, admin);
    const restored = await entries(`?subject_type=orphan&subject_id=${child.id}`);
    expect(restored[0]).toMatchObject({ action: 'restored', link: `/dashboard/orphans/${child.id}` });
    expect((await entries(`?subject_type=result&subject_id=${result.id}`))[0]!.link).toBe(`/dashboard/results/${result.id}`);
  });

  it('drops the link of a deleted result and of a deleted user, keeping their entries and names', async () => {
    const child = (await ok(server(), 'POST', '/api/orphans', admin, CHILD)).data;
    const result = (await ok(server(), 'POST', '/api/results', admin, { ...RESULT, orphan_id: child.id, subject: 'Geography' })).data;
    await ok(server(), 'DELETE', `/api/results/${result.id}`, admin);
    const resultLog = await entries(`?subject_type=result&subject_id=${result.id}`);
    expect(resultLog.map((e) => [e.action, e.link])).toEqual([['deleted', null], ['created', null]]);
    expect(resultLog[0]!.name).toContain('Geography');

    const user = (await ok(server(), 'POST', '/api/users', admin, { name: 'Soraya Haidari', email: `soraya-${Date.now()}@test.org`, password: 'initial-pass-1', password_confirmation: 'initial-pass-1' })).data;
    const living = await entries(`?subject_type=user&subject_id=${user.id}`);
    expect(living).toHaveLength(1);
    expect(living[0]).toMatchObject({ type: 'user', action: 'created', name: 'Soraya Haidari', link: `/dashboard/users?search=${encodeURIComponent(user.email).replace(/%20/g, '+')}` });

    await ok(server(), 'DELETE', `/api/users/${user.id}`, admin);
    const gone = await entries(`?subject_type=user&subject_id=${user.id}`);
    expect(gone.map((e) => [e.action, e.link])).toEqual([['deleted', null], ['created', null]]);
  });

  it("links a child's month of attendance to that month in the attendance list, and a page to the pages screen", async () => {
    const child = (await ok(server(), 'POST', '/api/orphans', admin, CHILD)).data;
    const month = (await ok(server(), 'POST', '/api/attendances', admin, { orphan_id: child.id, month: 2, year: 2025, present_days: 18, absent_days: 2, late_days: 1, excused_days: 1, absence_reasons: 'Fever' })).data;
    const [recorded] = await entries(`?subject_type=attendance&subject_id=${month.id}`);
    expect(recorded).toMatchObject({ type: 'attendance', action: 'created', link: `/dashboard/attendance?orphan_id=${child.id}&month=2&year=2025` });

    const page = (await ok(server(), 'POST', '/api/pages', admin, { title: 'Annual report', slug: `annual-report-${Date.now()}`, content: '<p>Figures</p>', isPublished: true })).data;
    expect((await entries(`?subject_type=page&subject_id=${page.id}`))[0]).toMatchObject({ action: 'created', link: '/dashboard/pages' });
    await ok(server(), 'DELETE', `/api/pages/${page.id}`, admin);
    expect((await entries(`?subject_type=page&subject_id=${page.id}`)).map((e) => e.link)).toEqual([null, null]);
  });

  it("keeps an attendance entry's month as data, not an English sentence, and reads older entries' sentences into the same parts", async () => {
    const child = (await ok(server(), 'POST', '/api/orphans', admin, { ...CHILD, first_name: 'Nargis' })).data;
    const month = (await ok(server(), 'POST', '/api/attendances', admin, { orphan_id: child.id, month: 3, year: 2025, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 })).data;
    const [one] = await entries(`?subject_type=attendance&subject_id=${month.id}`);
    expect(one).toMatchObject({ name: 'Nargis Ahmadi', period: { month: 3, year: 2025 }, child_count: null });
    await ok(server(), 'POST', '/api/attendances/batch', admin, { month: 4, year: 2025, rows: [{ orphan_id: child.id, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0, absence_reasons: null, notes: null }] });
    const [classMonth] = await entries('?subject_type=attendance&type=attendance');
    expect(classMonth).toMatchObject({ action: 'recorded', name: '', period: { month: 4, year: 2025 }, child_count: 1 });
    const stored = await server().database.db.selectFrom('activities').select('name').where('subject_type', '=', 'attendance').where('subject_id', '=', month.id).executeTakeFirstOrThrow();
    expect(stored.name).not.toMatch(/March|2025/);

    // Entries written before kept the month in English in their name.
    const db = server().database.db;
    const at = new Date().toISOString();
    await db.insertInto('activities').values([
      { user_id: null, type: 'attendance', action: 'updated', subject_type: 'attendance', subject_id: month.id, name: 'Nargis Ahmadi: February 2024', properties: null, created_at: at },
      { user_id: null, type: 'attendance', action: 'recorded', subject_type: 'attendance', subject_id: null, name: 'December 2024: 17 children', properties: null, created_at: at },
    ]).execute();
    const [older] = await entries(`?subject_type=attendance&subject_id=${month.id}`);
    expect(older).toMatchObject({ name: 'Nargis Ahmadi', period: { month: 2, year: 2024 }, child_count: null });
    const recent = (await call(server(), 'GET', '/api/activities/recent?limit=2', { token: admin })).body.data;
    expect(recent.map((e: Entry) => [e.name, e.period, e.child_count])).toEqual([['', { month: 12, year: 2024 }, 17], ['Nargis Ahmadi', { month: 2, year: 2024 }, null]]);
  });

  it('filters by user, type, record type and inclusive days, and each filter narrows the total', async () => {
    const manager = await userWithRoles(server(), [ROLE.manager]);
    const child = (await ok(server(), 'POST', '/api/orphans', manager.token, { ...CHILD, first_name: 'Zahra' })).data;
    await ok(server(), 'POST', '/api/results', manager.token, { ...RESULT, orphan_id: child.id });

    const byManager = await entries(`?user_id=${manager.id}`);
    expect(byManager.map((e) => [e.subject_type, e.action])).toEqual([['result', 'created'], ['orphan', 'created']]);
    expect(byManager.every((e) => e.user?.id === manager.id)).toBe(true);

    const orphansOfManager = await entries(`?user_id=${manager.id}&type=orphan`);
    expect(orphansOfManager.map((e) => e.subject_id)).toEqual([child.id]);
    const resultsOfManager = await entries(`?user_id=${manager.id}&subject_type=result`);
    expect(resultsOfManager).toHaveLength(1);

    const everyType = await entries('?type=user&per_page=100');
    expect(everyType.length).toBeGreaterThan(0);
    expect(everyType.every((e) => e.type === 'user')).toBe(true);
    const everyKind = await entries('?subject_type=orphan&per_page=100');
    expect(everyKind.every((e) => e.subject_type === 'orphan')).toBe(true);

    // Days are inclusive: today's entries are found from today to today, none before or after.
    const today = byManager[0]!.created_at.slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await entries(`?user_id=${manager.id}&date_from=${today}&date_to=${today}`)).toHaveLength(2);
    expect(await entries(`?user_id=${manager.id}&date_to=${yesterday}`)).toHaveLength(0);
    expect(await entries(`?user_id=${manager.id}&date_from=${tomorrow}`)).toHaveLength(0);

    const total = (await log('')).body.total as number;
    const filtered = (await log(`?user_id=${manager.id}`)).body.total as number;
    expect(filtered).toBe(2);
    expect(total).toBeGreaterThan(filtered);
  });

  it('finds entries of days in the past by their stored time', async () => {
    const db = server().database.db;
    const name = `Old entry ${Date.now()}`;
    const rows = ['2024-02-28T23:59:59.999Z', '2024-02-29T00:00:00.000Z', '2024-02-29T23:59:59.999Z', '2024-03-01T00:00:00.000Z'].map((created_at) => ({
      user_id: null, type: 'other', action: 'updated', subject_type: 'settings', subject_id: null, name, properties: null, created_at,
    }));
    await db.insertInto('activities').values(rows).execute();
    const leapDay = (await entries('?subject_type=settings&date_from=2024-02-29&date_to=2024-02-29&per_page=100')).filter((e) => e.name === name);
    expect(leapDay.map((e) => e.created_at)).toEqual(['2024-02-29T23:59:59.999Z', '2024-02-29T00:00:00.000Z']);
    // Settings are always there: their entries link to them.
    expect(leapDay.every((e) => e.link === '/dashboard/settings')).toBe(true);
  });

  it('pages through the log without repeating or skipping an entry', async () => {
    const manager = await userWithRoles(server(), [ROLE.manager]);
    const made: number[] = [];
    for (let i = 0; i < 12; i++) made.push((await ok(server(), 'POST', '/api/orphans', manager.token, { ...CHILD, first_name: `Page${i}` })).data.id);
    const seen: number[] = [];
    for (const page of [1, 2]) {
      const res = await log(`?user_id=${manager.id}&per_page=10&page=${page}`);
      expect(res.body).toMatchObject({ total: 12, last_page: 2, current_page: page, per_page: 10, from: page === 1 ? 1 : 11, to: page === 1 ? 10 : 12 });
      seen.push(...res.body.data.map((e: Entry) => e.subject_id));
    }
    expect(seen).toEqual([...made].reverse());
    const beyond = await log(`?user_id=${manager.id}&per_page=10&page=3`);
    expect(beyond.body).toMatchObject({ data: [], total: 12, from: null, to: null });
  });

  it('refuses bad filters with a 422 naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      ['?date_from=2025-05-02&date_to=2025-05-01', 'date_to', 'The to date must be on or after the from date.'],
      ['?type=birthday', 'type', `The selected type is invalid. It must be one of: ${ACTIVITY_TYPES.join(', ')}.`],
      ['?subject_type=spaceship', 'subject_type', 'The selected record type is invalid.'],
      ['?per_page=7', 'per_page', 'The per page must be one of: 10, 25, 50, 100.'],
      ['?per_page=1000', 'per_page', 'The per page must be one of: 10, 25, 50, 100.'],
      ['?per_page=ten', 'per_page', 'The per page must be one of: 10, 25, 50, 100.'],
      ['?user_id=abc', 'user_id', 'The user id must be a whole number'],
      ['?user_id=0', 'user_id', 'The user id must be a whole number'],
      ['?subject_id=5', 'subject_type', 'Choose the record type of the record id.'],
      ['?date_from=2025-02-30', 'date_from', 'The from date must be a valid date (YYYY-MM-DD).'],
      ['?page=0', 'page', 'The page must be at least 1.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await log(query);
      expect(res.status, query).toBe(422);
      expect(res.body.code, query).toBe('validation_failed');
      expect(res.body.errors?.[field]?.[0], `${query}: ${JSON.stringify(res.body)}`).toContain(message);
    }
  });

  it('validates /activities/recent limit (1 to 100, default 10) and keeps its shape', async () => {
    const recent = await call(server(), 'GET', '/api/activities/recent', { token: admin });
    expect(recent.status).toBe(200);
    expect(recent.body.data.length).toBeLessThanOrEqual(10);
    expect(recent.body.data[0]).toEqual({ id: expect.any(Number), type: expect.any(String), name: expect.any(String), action: expect.any(String), time: expect.any(String), subject_type: expect.any(String), subject_id: expect.toBeOneOf([expect.any(Number), null]), user: expect.toBeOneOf([{ name: expect.any(String) }, null]), period: expect.toBeOneOf([{ month: expect.any(Number), year: expect.any(Number) }, null]), child_count: expect.toBeOneOf([expect.any(Number), null]) });
    const page = await entries('?per_page=10');
    expect(recent.body.data.map((e: { id: number }) => e.id)).toEqual(page.map((e) => e.id));
    expect((await call(server(), 'GET', '/api/activities/recent?limit=3', { token: admin })).body.data).toHaveLength(3);
    for (const limit of ['0', '101', 'x', '2.5']) {
      const res = await call(server(), 'GET', `/api/activities/recent?limit=${limit}`, { token: admin });
      expect(res.status, limit).toBe(422);
      expect(res.body.errors.limit).toEqual(['The limit must be a whole number from 1 to 100.']);
    }
  });

  it('offers every user as a filter', async () => {
    const teacher = await userWithRoles(server(), [ROLE.teacher]);
    const res = await call(server(), 'GET', '/api/activities/users', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ id: teacher.id, name: expect.any(String) });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'name']);
  });

  it('is closed to a non-administrator, even one holding view-activities, and to an administrator role without it', async () => {
    const teacher = await userWithRoles(server(), [ROLE.teacher]);
    const nobody = await userWithRoles(server(), []);
    const roleName = `Auditor ${Date.now()}`;
    await ok(server(), 'POST', '/api/roles', admin, { name: roleName, permissions: ['view-activities'] });
    const auditor = await userWithRoles(server(), [roleName]);
    for (const user of [teacher, nobody, auditor]) {
      for (const url of ['/api/activities', '/api/activities/users']) {
        expect((await call(server(), 'GET', url, { token: user.token })).status, url).toBe(403);
      }
    }
    // The overview's Recent Activity needs only the permission.
    expect((await call(server(), 'GET', '/api/activities/recent', { token: auditor.token })).status).toBe(200);
    expect((await call(server(), 'GET', '/api/activities')).status).toBe(401);

    // A Manager role stripped of view-activities loses the screen; given back, it opens again.
    const manager = await userWithRoles(server(), [ROLE.manager]);
    expect((await call(server(), 'GET', '/api/activities', { token: manager.token })).status).toBe(200);
    const managerRole = await server().database.db.selectFrom('roles').select('id').where('name', '=', ROLE.manager).executeTakeFirstOrThrow();
    const allManager = SEEDED_ROLES[ROLE.manager]!;
    try {
      await ok(server(), 'PUT', `/api/roles/${managerRole.id}`, admin, { name: ROLE.manager, permissions: allManager.filter((p) => p !== 'view-activities') });
      expect((await call(server(), 'GET', '/api/activities', { token: manager.token })).status).toBe(403);
    } finally {
      await ok(server(), 'PUT', `/api/roles/${managerRole.id}`, admin, { name: ROLE.manager, permissions: allManager });
    }
    expect((await call(server(), 'GET', '/api/activities', { token: manager.token })).status).toBe(200);
  });
});

describeEachDatabase('what the activity log shows of children', (server) => {
  it("shows a reader no child's name, subject or month they may not view, and a purged child as 'a removed child'", async () => {
    const admin = await loginAdmin(server());
    const child = (await ok(server(), 'POST', '/api/orphans', admin, { ...CHILD, first_name: 'Soraya', last_name: 'Noori' })).data;
    const result = (await ok(server(), 'POST', '/api/results', admin, { ...RESULT, orphan_id: child.id, subject: 'Astronomy' })).data;
    const month = (await ok(server(), 'POST', '/api/attendances', admin, { orphan_id: child.id, month: 5, year: 2025, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 })).data;
    const now = new Date().toISOString();
    const role = await server()
      .database.db.insertInto('roles')
      .values({ name: `Activity readers ${child.id}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const viewActivities = await server().database.db.selectFrom('permissions').select('id').where('name', '=', 'view-activities').executeTakeFirstOrThrow();
    await server().database.db.insertInto('role_permissions').values({ role_id: role.id, permission_id: viewActivities.id }).execute();
    const reader = await userWithRoles(server(), [`Activity readers ${child.id}`]);

    const recent = async (token: string, language = 'en') =>
      (await call(server(), 'GET', '/api/activities/recent?limit=20', { token, headers: { 'Accept-Language': language } })).body.data as Array<{ name: string; subject_type: string; subject_id: number; period: unknown }>;
    const overview = async (token: string) => JSON.stringify((await call(server(), 'GET', '/api/dashboard/data', { token })).body);
    // The administrator sees the child's name and the subject.
    expect((await recent(admin)).map((e) => e.name)).toEqual(expect.arrayContaining(['Soraya Noori', expect.stringContaining('Soraya Noori: Astronomy')]));
    // A role with only view-activities sees that something happened, not to whom or in what.
    const seen = await recent(reader.token);
    const ofChild = seen.filter((e) => (e.subject_type === 'orphan' && e.subject_id === child.id) || (e.subject_type === 'result' && e.subject_id === result.id));
    expect(ofChild.map((e) => e.name)).toEqual(["A child's record", "A child's record"]);
    // Nor which month of attendance was kept for her.
    expect(seen.find((e) => e.subject_type === 'attendance' && e.subject_id === month.id)).toMatchObject({ name: "A child's record", period: null });
    expect(JSON.stringify(seen)).not.toMatch(/Soraya|Noori|Astronomy/);
    expect(await overview(reader.token)).not.toMatch(/Soraya|Noori|Astronomy/);
    expect(await overview(admin)).toMatch(/Soraya Noori/);
    expect((await recent(reader.token, 'fa-AF')).filter((e) => e.subject_type === 'orphan' && e.subject_id === child.id).map((e) => e.name)).toEqual(['سوابق یک کودک']);

    // A purge leaves the child's name nowhere in the log.
    expect((await call(server(), 'DELETE', `/api/orphans/${child.id}`, { token: admin })).status).toBe(200);
    expect((await call(server(), 'DELETE', `/api/orphans/${child.id}/purge`, { token: admin })).status).toBe(200);
    const stored = await server().database.db.selectFrom('activities').select('name').execute();
    expect(stored.filter((e) => /Soraya|Noori/.test(e.name))).toEqual([]);
    const after = await recent(admin);
    const purgedEntries = after.filter((e) => e.subject_type === 'orphan' && e.subject_id === child.id);
    expect(purgedEntries.length).toBeGreaterThanOrEqual(3);
    expect(new Set(purgedEntries.map((e) => e.name))).toEqual(new Set(['a removed child']));
    expect(after.find((e) => e.subject_type === 'result' && e.subject_id === result.id)?.name).toBe('a removed child: Astronomy (education)');
    expect((await recent(admin, 'ps-AF')).filter((e) => e.subject_type === 'orphan' && e.subject_id === child.id).map((e) => e.name)).toContain('یو لرې شوی ماشوم');
  });
});
