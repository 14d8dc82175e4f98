import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { ROLE } from '@app/shared/permissions';
import { call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../test/harness.ts';

/**
 * Conflicts as a phone's outbox meets them: a change based on a copy someone has saved since, and
 * a record created twice for the same child from two phones, answer 409 with the record as it now
 * is and who saved it when — and change nothing.
 */

const CHILD = { first_name: 'Laila', last_name: 'Sharifi', father_name: 'Jawad', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', class_grade: '4' };
const MONTH = { month: 3, year: 2025, present_days: 20, absent_days: 1, late_days: 0, excused_days: 0, absence_reasons: 'Sick' };
const EDUCATION = { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 78, score: 84 };

async function newChild(server: TestServer, token: string): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', { token, body: CHILD });
  if (res.status !== 201) throw new Error(`child: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

describeEachDatabase('conflicts answered with the current record', (server) => {
  let admin: string;
  let farid: { id: number; token: string };
  beforeAll(async () => {
    admin = await loginAdmin(server());
    farid = await userWithRoles(server(), [ROLE.teacher]);
    await server().database.db.updateTable('users').set({ name: 'Farid Karimi' }).where('id', '=', farid.id).execute();
  });

  it('a stale attendance edit: 409 with the month as stored, who saved it and when; nothing changed', async () => {
    const child = await newChild(server(), admin);
    const created = await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, orphan_id: child } });
    const read = created.body.data;
    const theirs = await call(server(), 'PUT', `/api/attendances/${read.id}`, { token: farid.token, body: { ...MONTH, orphan_id: child, absent_days: 2, present_days: 19, updated_at: read.updated_at } });
    expect(theirs.status).toBe(200);
    const mine = await call(server(), 'PUT', `/api/attendances/${read.id}`, { token: admin, headers: { 'Idempotency-Key': randomUUID() }, body: { ...MONTH, orphan_id: child, absent_days: 3, present_days: 18, updated_at: read.updated_at } });
    expect(mine.status).toBe(409);
    expect(mine.body.code).toBe('changed_meanwhile');
    // The record as the one who sent it may read it (a Teacher's own answer leaves the family class out).
    const now = (await call(server(), 'GET', `/api/attendances/${read.id}`, { token: admin })).body.data;
    expect(mine.body.current).toEqual({ data: now, updated_by: { id: farid.id, name: 'Farid Karimi' }, updated_at: theirs.body.data.updated_at });
    expect(mine.body.current.data.absent_days).toBe(2);
    expect(now).toMatchObject({ ...theirs.body.data, father_name: CHILD.father_name });
  });

  it('a stale result edit: 409 with the result as stored and who saved it, in the reader\'s language too', async () => {
    const child = await newChild(server(), admin);
    const created = await call(server(), 'POST', '/api/results', { token: admin, body: { ...EDUCATION, orphan_id: child } });
    const read = created.body.data;
    const theirs = await call(server(), 'PUT', `/api/results/${read.id}`, { token: farid.token, body: { ...EDUCATION, orphan_id: child, score: 90, updated_at: read.updated_at } });
    expect(theirs.status).toBe(200);
    const mine = await call(server(), 'PUT', `/api/results/${read.id}`, { token: admin, headers: { 'Accept-Language': 'fa-AF' }, body: { ...EDUCATION, orphan_id: child, score: 70, updated_at: read.updated_at } });
    expect(mine.status).toBe(409);
    expect(mine.body.code).toBe('changed_meanwhile');
    expect(mine.body.message).not.toBe('Someone else saved this result after you opened it. Reload the page to see their changes, then make yours again.');
    const now = (await call(server(), 'GET', `/api/results/${read.id}`, { token: admin })).body.data;
    expect(mine.body.current.data).toEqual(now);
    expect(now).toMatchObject({ ...theirs.body.data, father_name: CHILD.father_name });
    expect(mine.body.current.updated_by).toEqual({ id: farid.id, name: 'Farid Karimi' });
    expect(now.score).toBe(90);
  });

  it('a month recorded from two phones: the second (with a key) is a 409 conflict with the first record, not a second record', async () => {
    const child = await newChild(server(), admin);
    const first = await call(server(), 'POST', '/api/attendances', { token: farid.token, headers: { 'Idempotency-Key': randomUUID() }, body: { ...MONTH, orphan_id: child } });
    expect(first.status).toBe(201);
    const second = await call(server(), 'POST', '/api/attendances', { token: admin, headers: { 'Idempotency-Key': randomUUID() }, body: { ...MONTH, absent_days: 0, present_days: 21, absence_reasons: null, orphan_id: child } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'already_recorded', message: 'This orphan already has an attendance record for this month.' });
    const stored = (await call(server(), 'GET', `/api/attendances/${first.body.data.id}`, { token: admin })).body.data;
    expect(second.body.current).toEqual({ data: stored, updated_by: { id: farid.id, name: 'Farid Karimi' }, updated_at: first.body.data.updated_at });
    expect(stored).toMatchObject({ ...first.body.data, father_name: CHILD.father_name });
    // The form, without a key, keeps its field message.
    const form = await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, orphan_id: child } });
    expect(form.status).toBe(422);
    expect(form.body.errors.month).toEqual(['This orphan already has an attendance record for this month.']);
    const rows = await server().database.db.selectFrom('attendances').select('id').where('orphan_id', '=', child).execute();
    expect(rows).toHaveLength(1);
  });

  it('a result entered from two phones: the second (with a key) is a 409 conflict with the first result', async () => {
    const child = await newChild(server(), admin);
    const first = await call(server(), 'POST', '/api/results', { token: farid.token, headers: { 'Idempotency-Key': randomUUID() }, body: { ...EDUCATION, orphan_id: child } });
    expect(first.status).toBe(201);
    const second = await call(server(), 'POST', '/api/results', { token: admin, headers: { 'Idempotency-Key': randomUUID() }, body: { ...EDUCATION, score: 60, orphan_id: child } });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('already_recorded');
    const stored = (await call(server(), 'GET', `/api/results/${first.body.data.id}`, { token: admin })).body.data;
    expect(second.body.current.data).toEqual(stored);
    expect(stored).toMatchObject({ ...first.body.data, father_name: CHILD.father_name });
    expect(second.body.current.updated_by).toEqual({ id: farid.id, name: 'Farid Karimi' });
    const rows = await server().database.db.selectFrom('results').select('id').where('orphan_id', '=', child).execute();
    expect(rows).toHaveLength(1);
  });
});
