import { beforeAll, expect, it } from 'vitest';
import { sealChildColumns } from '../orphans/orphans.service.ts';
import { call, describeEachDatabase, loginAdmin, userWithRoles } from '../../../test/harness.ts';
import { getChecked } from '../../../test/checked-answer.ts';
import { dashboardResponseSchema, pendingTasksResponseSchema, upcomingEventsResponseSchema } from '@app/shared/schemas/dashboard.schema';
import { nowIso } from '../../lib/time.ts';

/**
 * GET /dashboard/data against children seeded around today (the server's clock, as the overview
 * reads it): every figure, list and chart series exactly, which parts each role sees, and that
 * children in the trash (and, for the cards, children no longer in care) never count. Then that
 * a change of any kind shows on the very next request, though the figures are kept per version.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const now = new Date();
const Y = now.getFullYear();
const M = now.getMonth(); // 0-based
/** Today shifted by `days`, `years` years earlier. */
const day = (days: number, years = 0) => iso(new Date(Y - years, M, now.getDate() + days));
const monthOf = (offset: number) => {
  const d = new Date(Y, M + offset, 1);
  return { year: d.getFullYear(), month: d.getMonth() + 1 };
};
const firstOf = (offset: number) => iso(new Date(Y, M + offset, 1));
const lastOfLastMonth = iso(new Date(Y, M, 0));
const lastMonth = monthOf(-1);

describeEachDatabase('dashboard overview', (server) => {
  const db = () => server().database.db;
  const ids: Record<string, number> = {};

  async function child(key: string, first: string, last: string, f: { dob: string; admission: string; status?: string; medical?: string; trashed?: boolean }) {
    const at = nowIso();
    const site_id = (await db().selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const { id } = await db()
      .insertInto('orphans')
      .values({
        first_name: first, last_name: last, dob: f.dob, birthday: f.dob.slice(5), gender: 'female', class_grade: '5',
        admission_date: f.admission, status: f.status ?? 'active', medical_condition: f.medical ?? 'Healthy',
        search_text: `${first} ${last}`.toLowerCase(), site_id, created_at: at, updated_at: at, deleted_at: f.trashed ? at : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Stored as the product stores it: the condition sealed with the child's id.
    await db().updateTable('orphans').set(sealChildColumns(id, { medical_condition: f.medical ?? 'Healthy' })).where('id', '=', id).execute();
    ids[key] = id;
  }

  async function month(key: string, m: { year: number; month: number }, present: number, absent: number, late = 0, excused = 0) {
    const at = nowIso();
    await db()
      .insertInto('attendances')
      .values({ orphan_id: ids[key]!, ...m, present_days: present, absent_days: absent, late_days: late, excused_days: excused, absence_reasons: absent + late ? 'Illness' : null, created_at: at, updated_at: at })
      .execute();
  }

  async function result(key: string, examDate: string, grade: string, subject = 'Mathematics') {
    const at = nowIso();
    await db()
      .insertInto('results')
      .values({ orphan_id: ids[key]!, result_type: 'education', subject, term: 'Final', exam_date: examDate, year: Number(examDate.slice(0, 4)), grade, total: 100, score: 75, average: 75, created_at: at, updated_at: at })
      .execute();
  }

  beforeAll(async () => {
    // In care: A admitted on the first day of last month and D on its last, B and C this month
    // (so last month's attendance is not missing for them).
    await child('A', 'Amina', 'Aziz', { dob: day(3, 10), admission: firstOf(-1) });
    await child('B', 'Bahar', 'Barakzai', { dob: day(30, 12), admission: firstOf(0), medical: 'Critical' });
    await child('C', 'Cyrus', 'Cohistani', { dob: day(31, 9), admission: firstOf(0), medical: 'Needs Attention' });
    await child('D', 'Dina', 'Durrani', { dob: day(-1, 11), admission: lastOfLastMonth, medical: 'Minor Issues' });
    // No longer in care: counted on record and in admissions and charts, never as a card's child.
    await child('E', 'Esa', 'Ebadi', { dob: day(5, 10), admission: firstOf(0), status: 'inactive', medical: 'Critical' });
    // In the trash: never counted anywhere.
    await child('F', 'Farid', 'Faizi', { dob: day(2, 10), admission: firstOf(0), medical: 'Critical', trashed: true });

    await month('A', lastMonth, 18, 2);
    await month('C', lastMonth, 16, 0, 2, 2);
    await month('E', monthOf(-2), 15, 5);
    await month('F', lastMonth, 0, 20);
    await month('A', monthOf(0), 5, 0); // this month: not yet in the chart
    await month('A', monthOf(-13), 1, 19); // before the chart's twelve months

    const past = day(-10);
    for (const [key, grade] of [['A', 'A+'], ['A', 'A'], ['B', 'A'], ['B', 'B'], ['C', 'C'], ['D', 'D'], ['D', 'F'], ['E', 'B'], ['F', 'A+']] as const) {
      await result(key, past, grade);
    }
    await result('A', day(-800), 'F'); // older than the chart's months
    await result('A', day(10), 'A', 'Dari'); // an exam to come
    await result('E', day(5), 'A', 'Dari'); // not in care
    await result('F', day(6), 'A', 'Dari'); // in the trash
  });

  const expected = () => ({
    total_orphans: { in_care: 4, on_record: 5 },
    new_admissions: { from: firstOf(0), to: iso(new Date(Y, M + 1, 0)), count: 3 },
    upcoming_events: {
      from: day(0),
      to: day(30),
      total: 3,
      birthdays: 2,
      exams: 1,
      items: [
        { type: 'birthday', date: day(3), orphan_id: ids.A, name: 'Amina Aziz', class_grade: '5', turns: 10, subject: null, result_id: null },
        { type: 'exam', date: day(10), orphan_id: ids.A, name: 'Amina Aziz', class_grade: '5', turns: null, subject: 'Dari', result_id: expect.any(Number) },
        { type: 'birthday', date: day(30), orphan_id: ids.B, name: 'Bahar Barakzai', class_grade: '5', turns: 12, subject: null, result_id: null },
      ],
    },
    pending_tasks: {
      total: 3,
      missing_attendance: {
        ...lastMonth,
        total: 1,
        items: [{ orphan_id: ids.D, name: 'Dina Durrani', class_grade: '5' }],
      },
      medical: {
        total: 2,
        items: [
          { orphan_id: ids.B, name: 'Bahar Barakzai', class_grade: '5', medical_condition: 'Critical' },
          { orphan_id: ids.C, name: 'Cyrus Cohistani', class_grade: '5', medical_condition: 'Needs Attention' },
        ],
      },
    },
    charts: {
      attendance_rate: Array.from({ length: 12 }, (_, i) => {
        const m = monthOf(i - 12);
        // Last month: A 18 present of 20, C 16 present and 2 late of 20: 36 of 40. Two months ago: E, 15 of 20.
        if (i === 11) return { ...m, rate: 90, days: 40 };
        if (i === 10) return { ...m, rate: 75, days: 20 };
        return { ...m, rate: null, days: 0 };
      }),
      grade_bands: [
        { grade: 'A+', count: 1 },
        { grade: 'A', count: 2 },
        { grade: 'B', count: 2 },
        { grade: 'C', count: 1 },
        { grade: 'D', count: 1 },
        { grade: 'F', count: 1 },
      ],
      admissions: Array.from({ length: 12 }, (_, i) => {
        const m = monthOf(i - 11);
        return { ...m, count: i === 11 ? 3 : i === 10 ? 2 : 0 };
      }),
    },
  });

  /** A JSON answer, sent as kept (not through a serialiser): its shape is checked, strictly at the top. */
  const get = (token: string, url: string, schema: Parameters<typeof getChecked>[3]) => getChecked(server(), token, url, schema);

  /**
   * The overview as a user sees it once both lists are opened: GET /dashboard/data, with its
   * Upcoming Events and Pending Tasks replaced by GET /dashboard/events and /tasks — whose counts
   * must be the overview's — or those two refused (403) when the overview has no such card.
   */
  const data = async (token: string) => {
    const res = await get(token, '/api/dashboard/data', dashboardResponseSchema);
    expect(res.status).toBe(200);
    const body = res.body;
    const events = await get(token, '/api/dashboard/events', upcomingEventsResponseSchema);
    if (body.upcoming_events) {
      const { items: _items, ...counts } = events.body.data;
      expect(counts).toEqual(body.upcoming_events);
      body.upcoming_events = events.body.data;
    } else expect(events.status).toBe(403);
    const tasks = await get(token, '/api/dashboard/tasks', pendingTasksResponseSchema);
    if (body.pending_tasks) {
      const t = tasks.body.data;
      const counts = { total: t.total, missing_attendance: t.missing_attendance && { ...t.missing_attendance, items: undefined }, medical: t.medical && { total: t.medical.total } };
      expect(JSON.parse(JSON.stringify(counts))).toEqual(body.pending_tasks);
      body.pending_tasks = t;
    } else expect(tasks.status).toBe(403);
    return body;
  };
  const cards = (body: any) => Object.fromEntries(body.stats.map((s: any) => [s.key, { label: s.label, value: s.value, href: s.href }]));

  it('gives a manager every figure, list and chart series, computed from the seeded children', async () => {
    const manager = await userWithRoles(server(), ['Manager']);
    const body = await data(manager.token);
    expect(body).toMatchObject(expected());
    expect(body.upcoming_events.items).toHaveLength(3);
    expect(body.stats.map((s: any) => s.key)).toEqual(['total_orphans', 'new_admissions', 'upcoming_events', 'pending_tasks']);
    expect(cards(body)).toEqual({
      total_orphans: { label: 'Total Orphans', value: 4, href: '/dashboard/orphans' },
      new_admissions: { label: 'New Admissions', value: 3, href: `/dashboard/orphans?admission_from=${firstOf(0)}&admission_to=${iso(new Date(Y, M + 1, 0))}&sort=-admission_date` },
      upcoming_events: { label: 'Upcoming Events', value: 3, href: null },
      pending_tasks: { label: 'Pending Tasks', value: 3, href: null },
    });
    // The admissions card's link lists exactly the children it counts.
    const list = await call(server(), 'GET', `/api/orphans?admission_from=${firstOf(0)}&admission_to=${iso(new Date(Y, M + 1, 0))}`, { token: manager.token });
    expect(list.body.total).toBe(3);
  });

  it('shows a teacher every card and chart but not Recent Activity, a manager the activity too, and a role without permissions nothing', async () => {
    const admin = await loginAdmin(server());
    // Something in the log: a change through the API.
    await call(server(), 'PUT', `/api/orphans/${ids.D}`, { token: admin, body: { first_name: 'Dina', last_name: 'Durrani', dob: day(-1, 11), gender: 'female', admission_date: lastOfLastMonth, class_grade: '5', medical_condition: 'Minor Issues' } });
    const manager = await userWithRoles(server(), ['Manager']);
    const teacher = await userWithRoles(server(), ['Teacher']);
    const nobody = await userWithRoles(server(), []);

    const m = await data(manager.token);
    expect(m.activities.length).toBeGreaterThan(0);
    expect(m.activities[0]).toMatchObject({ name: 'Dina Durrani', type: 'orphan' });

    const t = await data(teacher.token);
    expect(t.activities).toEqual([]);
    // Who is ill is the medical class's, which a Teacher does not hold: the rest is all there.
    const e = expected();
    expect(t).toMatchObject({ ...e, pending_tasks: { ...e.pending_tasks, total: e.pending_tasks.missing_attendance.total, medical: null } });
    expect(t.stats.map((s: any) => s.key)).toEqual(['total_orphans', 'new_admissions', 'upcoming_events', 'pending_tasks']);

    const n = await data(nobody.token);
    expect(n).toEqual({ stats: [], activities: [], charts: { attendance_rate: null, grade_bands: null, admissions: null } });
  });

  it('counts in a card only the parts the role may see', async () => {
    const admin = await loginAdmin(server());
    const role = async (name: string, permissions: string[]) => {
      const res = await call(server(), 'POST', '/api/roles', { token: admin, body: { name, permissions } });
      expect(res.status).toBe(201);
      return (await userWithRoles(server(), [name])).token;
    };
    const e = expected();

    const attendance = await data(await role('Attendance Clerk', ['view-attendance']));
    expect(attendance.stats).toEqual([{ key: 'pending_tasks', label: 'Pending Tasks', value: 1, icon: 'clipboard-list', color: 'amber', href: null }]);
    expect(attendance.pending_tasks).toEqual({ total: 1, missing_attendance: e.pending_tasks.missing_attendance, medical: null });
    expect(attendance.upcoming_events).toBeUndefined();
    expect(attendance.total_orphans).toBeUndefined();
    expect(attendance.charts).toEqual({ attendance_rate: e.charts.attendance_rate, grade_bands: null, admissions: null });

    const results = await data(await role('Results Reader', ['view-results']));
    expect(results.stats.map((s: any) => [s.key, s.value])).toEqual([['upcoming_events', 1]]);
    expect(results.upcoming_events).toMatchObject({ total: 1, birthdays: null, exams: 1, items: [e.upcoming_events.items[1]] });
    expect(results.pending_tasks).toBeUndefined();
    expect(results.charts).toEqual({ attendance_rate: null, grade_bands: e.charts.grade_bands, admissions: null });

    const withoutHealth = await data(await role('Orphan Reader Without Health', ['view-orphans']));
    expect(withoutHealth.pending_tasks).toEqual({ total: 0, missing_attendance: null, medical: null });
    expect(JSON.stringify(withoutHealth)).not.toMatch(/Critical|Needs Attention/);

    const orphans = await data(await role('Orphan Reader', ['view-orphans', 'view-medical']));
    expect(orphans.stats.map((s: any) => [s.key, s.value])).toEqual([['total_orphans', 4], ['new_admissions', 3], ['upcoming_events', 2], ['pending_tasks', 2]]);
    expect(orphans.upcoming_events).toMatchObject({ total: 2, birthdays: 2, exams: null });
    expect(orphans.upcoming_events.items.map((i: any) => i.type)).toEqual(['birthday', 'birthday']);
    expect(orphans.pending_tasks).toEqual({ total: 2, missing_attendance: null, medical: e.pending_tasks.medical });
    expect(orphans.activities).toEqual([]);
  });

  it('shows a change to children, attendance or results on the very next request, and never counts a child in the trash', async () => {
    const admin = await loginAdmin(server());
    const manager = (await userWithRoles(server(), ['Manager'])).token;
    await data(manager); // kept now

    // A child admitted today in critical condition, through the API.
    const created = await call(server(), 'POST', '/api/orphans', {
      token: admin,
      body: { first_name: 'Gul', last_name: 'Ghani', dob: day(1, 8), gender: 'female', admission_date: day(0), medical_condition: 'Critical', class_grade: '5' },
    });
    expect(created.status).toBe(201);
    let body = await data(manager);
    expect(body.total_orphans).toEqual({ in_care: 5, on_record: 6 });
    expect(body.new_admissions.count).toBe(4);
    expect(body.upcoming_events.birthdays).toBe(3);
    // Admitted this month: not missing last month's attendance.
    expect(body.pending_tasks.missing_attendance.total).toBe(1);
    expect(body.pending_tasks.medical.total).toBe(3);
    expect(body.charts.admissions[11].count).toBe(4);

    // Admitted today: last month's attendance cannot be recorded for her.
    const lastMonthsDays = { ...lastMonth, present_days: 0, absent_days: 20, late_days: 0, excused_days: 0, absence_reasons: 'Illness' };
    expect((await call(server(), 'POST', '/api/attendances', { token: admin, body: { orphan_id: created.body.data.id, ...lastMonthsDays } })).status).toBe(422);
    // Dina's month recorded through the API: no longer missing, and last month's rate moves.
    const recorded = await call(server(), 'POST', '/api/attendances', { token: admin, body: { orphan_id: ids.D, ...lastMonthsDays } });
    expect(recorded.status).toBe(201);
    body = await data(manager);
    expect(body.pending_tasks.missing_attendance).toMatchObject({ total: 0, items: [] });
    expect(body.charts.attendance_rate[11]).toMatchObject({ rate: 60, days: 60 });

    // A result written straight to the table (a script): the bands follow at once.
    await result('C', day(-3), 'F');
    body = await data(manager);
    expect(body.charts.grade_bands.find((b: any) => b.grade === 'F').count).toBe(2);

    // Dina's month taken back: missing again, as the expectations below have her.
    expect((await call(server(), 'DELETE', `/api/attendances/${recorded.body.data.id}`, { token: admin })).status).toBe(200);

    // Trashed: gone from every figure, list and series at once.
    expect((await call(server(), 'DELETE', `/api/orphans/${created.body.data.id}`, { token: admin })).status).toBe(200);
    body = await data(manager);
    expect(body).toMatchObject({
      ...expected(),
      charts: { ...expected().charts, grade_bands: expected().charts.grade_bands.map((b) => (b.grade === 'F' ? { ...b, count: 2 } : b)) },
    });
    const named = JSON.stringify([body.upcoming_events.items, body.pending_tasks]);
    expect(named).not.toContain('Ghani');
    expect(named).not.toContain('Faizi');

    // Restored: back in every figure at once.
    expect((await call(server(), 'POST', `/api/orphans/${created.body.data.id}/restore`, { token: admin })).status).toBe(200);
    body = await data(manager);
    expect(body.total_orphans).toEqual({ in_care: 5, on_record: 6 });
    expect(body.pending_tasks.medical.total).toBe(3);
  });

  it('lists a child under the condition an edit gave her, and no longer under the one it took away', async () => {
    const admin = await loginAdmin(server());
    const manager = (await userWithRoles(server(), ['Manager'])).token;
    const edit = (id: number, body: Record<string, string>) => call(server(), 'PUT', `/api/orphans/${id}`, { token: admin, body: { gender: 'female', class_grade: '5', ...body } });
    expect((await edit(ids.D!, { first_name: 'Dina', last_name: 'Durrani', dob: day(-1, 11), admission_date: lastOfLastMonth, medical_condition: 'Critical' })).status).toBe(200);
    expect((await edit(ids.C!, { first_name: 'Cyrus', last_name: 'Cohistani', dob: day(31, 9), admission_date: firstOf(0), medical_condition: 'Healthy' })).status).toBe(200);
    const { medical } = (await data(manager)).pending_tasks;
    expect(medical.total).toBe(3);
    expect(medical.items.map((i: { name: string; medical_condition: string }) => [i.name, i.medical_condition])).toEqual([
      ['Bahar Barakzai', 'Critical'],
      ['Dina Durrani', 'Critical'],
      ['Gul Ghani', 'Critical'],
    ]);
  });
});
