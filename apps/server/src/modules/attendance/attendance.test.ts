import { beforeAll, expect, it } from 'vitest';
import { ROLE } from '@app/shared/permissions';
import { attendancePageSchema, attendanceSummaryResponseSchema } from '@app/shared/schemas/attendance.schema';
import { call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { getChecked } from '../../../test/checked-answer.ts';

/** Attendance API: one record per child per month, the counts' rules, list, summary, trash, permissions. */

const CHILD = { first_name: 'Amina', last_name: 'Rahimi', father_name: 'Nasir', dob: '2013-02-01', gender: 'female', admission_date: '2021-03-01', class_grade: '5' };
const MONTH = { month: 2, year: 2025, present_days: 18, absent_days: 2, late_days: 1, excused_days: 1, absence_reasons: 'Fever' };

async function newChild(server: TestServer, token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', { token, body: { ...CHILD, ...fields } });
  if (res.status !== 201) throw new Error(`child: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

async function stored(server: TestServer, orphanId?: number): Promise<number> {
  let q = server.database.db.selectFrom('attendances').select((eb) => eb.fn.countAll<number>().as('n'));
  if (orphanId !== undefined) q = q.where('orphan_id', '=', orphanId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

describeEachDatabase('attendance API', (server) => {
  let admin: string;
  let child: number;
  beforeAll(async () => {
    admin = await loginAdmin(server());
    child = await newChild(server(), admin);
  });

  it('records a month, answers it with the child and the total of days, and refuses a second record for that month', async () => {
    const res = await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, orphan_id: child, notes: 'ok' } });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Attendance recorded successfully');
    expect(res.body.data).toMatchObject({ orphan_id: child, first_name: 'Amina', last_name: 'Rahimi', father_name: 'Nasir', class_grade: '5', month: 2, year: 2025, total_days: 22, absence_reasons: 'Fever', notes: 'ok' });
    expect((await call(server(), 'GET', `/api/attendances/${res.body.data.id}`, { token: admin })).body.data).toEqual(res.body.data);

    const again = await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, orphan_id: child, present_days: 10 } });
    expect(again.status).toBe(422);
    expect(again.body.errors.month).toEqual(['This orphan already has an attendance record for this month.']);
    expect(await stored(server(), child)).toBe(1);
  });

  it.each([
    ['nothing chosen', {}, { orphan_id: 'An orphan must be selected', month: 'Month is required', year: 'Year is required', present_days: 'This field is required' }],
    ['a negative count', { absent_days: -1 }, { absent_days: 'Must be at least 0' }],
    ['a count that is not whole', { late_days: 1.5 }, { late_days: 'Must be a whole number' }],
    ['a count sent as a string', { present_days: '18' }, { present_days: 'Must be a whole number' }],
    ['month 13', { month: 13 }, { month: 'The month must be between 1 and 12.' }],
    ['year 99', { year: 99 }, { year: 'Year must be a 4-digit number' }],
    ['40 present days in February', { present_days: 40, absent_days: 0, late_days: 0, excused_days: 0 }, { present_days: 'The days add up to 40, more than the 28 days of February 2025.' }],
    ['30 days in February of a leap year', { year: 2024, present_days: 30, absent_days: 0, late_days: 0, excused_days: 0 }, { present_days: 'The days add up to 30, more than the 29 days of February 2024.' }],
    ['absent days without a reason', { absence_reasons: '' }, { absence_reasons: 'Reason is required when there are absent or late days' }],
    ['a future month', { year: new Date().getUTCFullYear() + 1, month: 12 }, { month: 'Attendance cannot be recorded for a future month.' }],
  ])('refuses %s (422, nothing stored)', async (_name, fields, messages) => {
    const kid = await newChild(server(), admin, { first_name: 'Refused' });
    const body = Object.keys(fields).length ? { ...MONTH, orphan_id: kid, ...fields } : {};
    const res = await call(server(), 'POST', '/api/attendances', { token: admin, body });
    expect(res.status).toBe(422);
    for (const [field, message] of Object.entries(messages)) expect(res.body.errors[field], field).toEqual([message]);
    expect(await stored(server(), kid)).toBe(0);
  });

  it('accepts no reason when only present and excused days are given, and 29 days in a leap February', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Leap' });
    const res = await call(server(), 'POST', '/api/attendances', { token: admin, body: { orphan_id: kid, month: '2', year: '2024', present_days: 27, absent_days: 0, late_days: 0, excused_days: 2 } });
    expect(res.status).toBe(201);
    expect(res.body.data.absence_reasons).toBeNull();
  });

  it('refuses a child that does not exist or is in the trash', async () => {
    const trashed = await newChild(server(), admin, { first_name: 'Gone' });
    await call(server(), 'DELETE', `/api/orphans/${trashed}`, { token: admin });
    for (const orphan_id of [999_999, trashed]) {
      const res = await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, orphan_id } });
      expect(res.status).toBe(422);
      expect(res.body.errors.orphan_id).toEqual(['The selected orphan does not exist.']);
    }
    expect(await stored(server(), trashed)).toBe(0);
  });

  it('updates the counts, keeps child and month locked, refuses a stale edit with 409, deletes, and logs each change', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Edited' });
    const made = (await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, orphan_id: kid } })).body.data;
    const upd = await call(server(), 'PUT', `/api/attendances/${made.id}`, { token: admin, body: { ...MONTH, orphan_id: kid, present_days: 20, updated_at: made.updated_at } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ present_days: 20, total_days: 24 });

    const stale = await call(server(), 'PUT', `/api/attendances/${made.id}`, { token: admin, body: { ...MONTH, orphan_id: kid, present_days: 5, updated_at: made.updated_at } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('changed_meanwhile');

    const moved = await call(server(), 'PUT', `/api/attendances/${made.id}`, { token: admin, body: { ...MONTH, orphan_id: kid, month: 3 } });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.month).toEqual(['The orphan, month and year of an attendance record cannot be changed.']);

    expect((await call(server(), 'DELETE', `/api/attendances/${made.id}`, { token: admin })).body.message).toBe('Attendance record deleted successfully');
    expect((await call(server(), 'GET', `/api/attendances/${made.id}`, { token: admin })).status).toBe(404);
    const log = await server().database.db.selectFrom('activities').select(['action', 'name', 'type', 'properties']).where('subject_type', '=', 'attendance').where('subject_id', '=', made.id).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['created', 'updated', 'deleted']);
    // The month as data: each screen writes it in its reader's language and calendar.
    expect(log[0]).toMatchObject({ type: 'attendance', name: 'Edited Rahimi' });
    expect(JSON.parse(log[0]!.properties!)).toEqual({ month: 2, year: 2025 });
  });

  it('lists a month of one grade by name, pages it, hides trashed children until restored, and purging deletes their records', async () => {
    const grade = '11';
    const names = ['Zahra', 'Bahar', 'Nadia', 'Farida'];
    const ids: number[] = [];
    for (const first_name of names) ids.push(await newChild(server(), admin, { first_name, class_grade: grade }));
    const other = await newChild(server(), admin, { first_name: 'Other', class_grade: '3' });
    for (const orphan_id of [...ids, other]) await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, month: 1, orphan_id } });

    const page1 = await call(server(), 'GET', `/api/attendances?month=1&year=2025&class_grade=${grade}&per_page=10`, { token: admin });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 4, current_page: 1, last_page: 1, per_page: 10, from: 1, to: 4 });
    expect(page1.body.data.map((r: { first_name: string }) => r.first_name)).toEqual(['Bahar', 'Farida', 'Nadia', 'Zahra']);
    const page2 = await call(server(), 'GET', `/api/attendances?month=1&year=2025&class_grade=${grade}&per_page=3&page=2`, { token: admin });
    expect(page2.body).toMatchObject({ total: 4, last_page: 2, from: 4, to: 4 });
    expect(page2.body.data.map((r: { first_name: string }) => r.first_name)).toEqual(['Zahra']);
    expect((await call(server(), 'GET', `/api/attendances?orphan_id=${other}`, { token: admin })).body.total).toBe(1);
    expect((await call(server(), 'GET', '/api/attendances?month=13', { token: admin })).status).toBe(422);
    expect((await call(server(), 'GET', '/api/attendances?per_page=500', { token: admin })).status).toBe(422);
    expect((await call(server(), 'GET', '/api/attendances?class_grade=13', { token: admin })).status).toBe(422);
    const everyone = await call(server(), 'GET', '/api/attendances?year=2025&per_page=100', { token: admin });
    expect(everyone.body.data.filter((r: { orphan_id: number }) => ids.includes(r.orphan_id))).toHaveLength(4);

    const recordOfNadia = page1.body.data.find((r: { first_name: string }) => r.first_name === 'Nadia');
    await call(server(), 'DELETE', `/api/orphans/${recordOfNadia.orphan_id}`, { token: admin });
    const after = await call(server(), 'GET', `/api/attendances?month=1&year=2025&class_grade=${grade}`, { token: admin });
    expect(after.body.total).toBe(3);
    expect(after.body.data.map((r: { first_name: string }) => r.first_name)).toEqual(['Bahar', 'Farida', 'Zahra']);
    expect((await call(server(), 'GET', `/api/attendances/${recordOfNadia.id}`, { token: admin })).status).toBe(404);
    expect((await call(server(), 'GET', `/api/orphans/${recordOfNadia.orphan_id}/attendance-summary`, { token: admin })).status).toBe(404);
    expect((await call(server(), 'GET', '/api/attendances?year=2025&per_page=100', { token: admin })).body.data.some((r: { orphan_id: number }) => r.orphan_id === recordOfNadia.orphan_id)).toBe(false);

    await call(server(), 'POST', `/api/orphans/${recordOfNadia.orphan_id}/restore`, { token: admin });
    expect((await call(server(), 'GET', `/api/attendances?month=1&year=2025&class_grade=${grade}`, { token: admin })).body.total).toBe(4);

    await call(server(), 'DELETE', `/api/orphans/${recordOfNadia.orphan_id}`, { token: admin });
    expect((await call(server(), 'DELETE', `/api/orphans/${recordOfNadia.orphan_id}/purge`, { token: admin })).status).toBe(200);
    expect(await stored(server(), recordOfNadia.orphan_id)).toBe(0);
  });

  it('answers a kept page and summary only while nothing changed: an edit, a batch, a child moving grade, a write straight to the table, a child trashed and restored each show at once', async () => {
    const list = async () => (await getChecked(server(), admin, '/api/attendances?month=3&year=2025&class_grade=12', attendancePageSchema)).body;
    const summary = (kid: number) => getChecked(server(), admin, `/api/orphans/${kid}/attendance-summary`, attendanceSummaryResponseSchema);
    const [a, b, c] = [await newChild(server(), admin, { first_name: 'Kept', class_grade: '12' }), await newChild(server(), admin, { first_name: 'Later', class_grade: '12' }), await newChild(server(), admin, { first_name: 'Moved', class_grade: '12' })];
    const made = (await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, month: 3, orphan_id: a } })).body.data;
    expect((await list()).total).toBe(1);
    expect((await list()).data[0].present_days).toBe(18);

    await call(server(), 'PUT', `/api/attendances/${made.id}`, { token: admin, body: { ...MONTH, month: 3, orphan_id: a, present_days: 10, updated_at: made.updated_at } });
    expect((await list()).data[0].present_days).toBe(10);

    const batch = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 3, year: 2025, rows: [b, c].map((orphan_id) => ({ orphan_id, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 })) } });
    expect(batch.status).toBe(200);
    expect((await list()).total).toBe(3);

    const moved = await call(server(), 'PUT', `/api/orphans/${c}`, { token: admin, body: { ...CHILD, first_name: 'Moved', class_grade: '4' } });
    expect(moved.status).toBe(200);
    expect((await list()).data.map((r: { first_name: string }) => r.first_name)).toEqual(['Kept', 'Later']);

    expect((await summary(b)).body.data.months).toHaveLength(1);
    // A script's write, outside the API, is seen at once.
    await server().database.db.deleteFrom('attendances').where('orphan_id', '=', b).execute();
    expect(await list()).toMatchObject({ total: 1, data: [{ first_name: 'Kept' }] });
    expect((await summary(b)).body.data.months).toEqual([]);

    expect((await summary(a)).body.data.months[0].present_days).toBe(10);
    expect((await call(server(), 'DELETE', `/api/orphans/${a}`, { token: admin })).status).toBe(200);
    expect(await list()).toMatchObject({ total: 0, data: [] });
    expect((await summary(a)).status).toBe(404);
    expect((await call(server(), 'POST', `/api/orphans/${a}/restore`, { token: admin })).status).toBe(200);
    expect(await list()).toMatchObject({ total: 1, data: [{ first_name: 'Kept' }] });
    expect((await summary(a)).body.data.months[0].present_days).toBe(10);
  });

  it('summarises a child per month with the rate, and per year with totals', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Counted' });
    const post = (fields: Record<string, unknown>) => call(server(), 'POST', '/api/attendances', { token: admin, body: { orphan_id: kid, absence_reasons: 'x', ...fields } });
    await post({ month: 1, year: 2024, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 });
    await post({ month: 3, year: 2025, present_days: 15, absent_days: 3, late_days: 2, excused_days: 0 });
    await post({ month: 2, year: 2025, present_days: 0, absent_days: 0, late_days: 0, excused_days: 0 });
    await post({ month: 4, year: 2025, present_days: 10, absent_days: 5, late_days: 0, excused_days: 5 });

    const res = await call(server(), 'GET', `/api/orphans/${kid}/attendance-summary`, { token: admin });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.orphan).toEqual({ id: kid, first_name: 'Counted', last_name: 'Rahimi', father_name: 'Nasir' });
    expect(d.months).toEqual([
      { year: 2025, month: 4, present_days: 10, absent_days: 5, late_days: 0, excused_days: 5, total_days: 20, attendance_rate: 50 },
      { year: 2025, month: 3, present_days: 15, absent_days: 3, late_days: 2, excused_days: 0, total_days: 20, attendance_rate: 85 },
      { year: 2025, month: 2, present_days: 0, absent_days: 0, late_days: 0, excused_days: 0, total_days: 0, attendance_rate: null },
      { year: 2024, month: 1, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0, total_days: 20, attendance_rate: 100 },
    ]);
    expect(d.years).toEqual([
      { year: 2025, months_recorded: 3, present_days: 25, absent_days: 8, late_days: 2, excused_days: 5, total_days: 40, attendance_rate: 67.5 },
      { year: 2024, months_recorded: 1, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0, total_days: 20, attendance_rate: 100 },
    ]);
  });

  it('gates every call by its permission for each seeded role', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Gated' });
    const made = (await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, month: 5, orphan_id: kid } })).body.data;
    const calls: Array<[string, string, (i: number) => unknown]> = [
      ['GET', '/api/attendances', () => undefined],
      ['GET', `/api/attendances/${made.id}`, () => undefined],
      ['GET', `/api/orphans/${kid}/attendance-summary`, () => undefined],
      ['POST', '/api/attendances', (i) => ({ ...MONTH, month: 6 + i, orphan_id: kid })],
      ['PUT', `/api/attendances/${made.id}`, () => ({ ...MONTH, month: 5, orphan_id: kid })],
      ['POST', '/api/attendances/batch', () => ({ month: 5, year: 2025, rows: [{ orphan_id: kid, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 }] })],
      ['DELETE', `/api/attendances/${made.id}`, () => undefined],
    ];
    const expected: Record<string, number[]> = {
      [ROLE.teacher]: [200, 200, 200, 201, 200, 200, 403],
      [ROLE.caseworker]: [200, 200, 200, 403, 403, 403, 403],
      none: [403, 403, 403, 403, 403, 403, 403],
    };
    let i = 0;
    for (const [role, statuses] of Object.entries(expected)) {
      const { token } = await userWithRoles(server(), role === 'none' ? [] : [role]);
      const got = [];
      for (const [method, url, body] of calls) got.push((await call(server(), method, url, { token, body: body(i) })).status);
      i += 1;
      expect(got, role).toEqual(statuses);
    }
    const { token: manager } = await userWithRoles(server(), [ROLE.manager]);
    expect((await call(server(), 'DELETE', `/api/attendances/${made.id}`, { token: manager })).status).toBe(200);
  });
});
