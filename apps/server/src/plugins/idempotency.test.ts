import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { ROLE } from '@app/shared/permissions';
import { call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../test/harness.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency.ts';

/**
 * Idempotency keys on the writes a phone's outbox sends: a change sent again with its key is
 * answered as the first time and applied once, on both databases, also when the two arrive at once.
 */

const CHILD = { first_name: 'Zahra', last_name: 'Noori', father_name: 'Habib', dob: '2014-03-21', gender: 'female', admission_date: '2022-09-01', class_grade: '4' };
const MONTH = { month: 3, year: 2025, present_days: 20, absent_days: 1, late_days: 0, excused_days: 0, absence_reasons: 'Sick' };
const EDUCATION = { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 100, average: 78, score: 84 };

async function newChild(server: TestServer, token: string): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', { token, body: CHILD });
  if (res.status !== 201) throw new Error(`child: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

const count = async (server: TestServer, table: 'attendances' | 'results', orphanId: number) =>
  Number((await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('orphan_id', '=', orphanId).executeTakeFirstOrThrow()).n);

const keyed = (key: string, extra: Record<string, string> = {}) => ({ 'Idempotency-Key': key, ...extra });

describeEachDatabase('idempotency keys', (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = await loginAdmin(server());
  });

  it('answers a create sent again with its key as the first time, stores it once and logs it once', async () => {
    const child = await newChild(server(), admin);
    const key = randomUUID();
    const first = await call(server(), 'POST', '/api/attendances', { token: admin, headers: keyed(key), body: { ...MONTH, orphan_id: child } });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await call(server(), 'POST', '/api/attendances', { token: admin, headers: keyed(key), body: { ...MONTH, orphan_id: child } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count(server(), 'attendances', child)).toBe(1);
    const logged = await server().database.db.selectFrom('activities').select('id').where('subject_type', '=', 'attendance').where('subject_id', '=', first.body.data.id).execute();
    expect(logged).toHaveLength(1);
  });

  it('answers the first answer again in the language of whoever asks', async () => {
    const child = await newChild(server(), admin);
    const key = randomUUID();
    const first = await call(server(), 'POST', '/api/results', { token: admin, headers: keyed(key), body: { ...EDUCATION, orphan_id: child } });
    expect(first.body.message).toBe('Result created successfully');
    const dari = await call(server(), 'POST', '/api/results', { token: admin, headers: keyed(key, { 'Accept-Language': 'fa-AF' }), body: { ...EDUCATION, orphan_id: child } });
    expect(dari.status).toBe(201);
    expect(dari.body.data).toEqual(first.body.data);
    expect(dari.body.message).not.toBe(first.body.message);
    expect(await count(server(), 'results', child)).toBe(1);
  });

  it('refuses the same key on a different request (422) and applies nothing', async () => {
    const child = await newChild(server(), admin);
    const key = randomUUID();
    expect((await call(server(), 'POST', '/api/attendances', { token: admin, headers: keyed(key), body: { ...MONTH, orphan_id: child } })).status).toBe(201);
    const other = await call(server(), 'POST', '/api/attendances', { token: admin, headers: keyed(key), body: { ...MONTH, month: 4, orphan_id: child } });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different request.' });
    const onResults = await call(server(), 'POST', '/api/results', { token: admin, headers: keyed(key), body: { ...EDUCATION, orphan_id: child } });
    expect(onResults.status).toBe(422);
    expect(await count(server(), 'attendances', child)).toBe(1);
    expect(await count(server(), 'results', child)).toBe(0);
  });

  it('lets a refused request\'s key be used again: nothing was applied under it', async () => {
    const child = await newChild(server(), admin);
    const key = randomUUID();
    const refused = await call(server(), 'POST', '/api/attendances', { token: admin, headers: keyed(key), body: { ...MONTH, absence_reasons: '', orphan_id: child } });
    expect(refused.status).toBe(422);
    const fixed = await call(server(), 'POST', '/api/attendances', { token: admin, headers: keyed(key), body: { ...MONTH, orphan_id: child } });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(await count(server(), 'attendances', child)).toBe(1);
  });

  it('keeps each user\'s keys apart', async () => {
    const teacher = await userWithRoles(server(), [ROLE.teacher]);
    const child = await newChild(server(), admin);
    const key = randomUUID();
    const mine = await call(server(), 'POST', '/api/results', { token: admin, headers: keyed(key), body: { ...EDUCATION, orphan_id: child } });
    const theirs = await call(server(), 'POST', '/api/results', { token: teacher.token, headers: keyed(key), body: { ...EDUCATION, subject: 'Science', orphan_id: child } });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await count(server(), 'results', child)).toBe(2);
  });

  it('answers an update and a month\'s batch sent again as the first time, applied once', async () => {
    const child = await newChild(server(), admin);
    const created = await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...MONTH, orphan_id: child } });
    const edit = { ...MONTH, orphan_id: child, present_days: 19, absent_days: 2, updated_at: created.body.data.updated_at };
    const key = randomUUID();
    const first = await call(server(), 'PUT', `/api/attendances/${created.body.data.id}`, { token: admin, headers: keyed(key), body: edit });
    expect(first.status).toBe(200);
    // Without the key, the same edit again meets its own save: the copy it was based on is stale.
    const again = await call(server(), 'PUT', `/api/attendances/${created.body.data.id}`, { token: admin, headers: keyed(key), body: edit });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const batchKey = randomUUID();
    const batch = { month: 5, year: 2025, rows: [{ orphan_id: child, present_days: 21, absent_days: 0, late_days: 0, excused_days: 0 }] };
    const b1 = await call(server(), 'POST', '/api/attendances/batch', { token: admin, headers: keyed(batchKey), body: batch });
    expect(b1.status).toBe(200);
    expect(b1.body).toMatchObject({ created: 1, updated: 0 });
    const b2 = await call(server(), 'POST', '/api/attendances/batch', { token: admin, headers: keyed(batchKey), body: batch });
    expect(b2.body).toEqual(b1.body);
    expect(await count(server(), 'attendances', child)).toBe(2);
  });

  it('applies two requests arriving at once with one key once: the other gets the same answer, or is told to send it again', async () => {
    const child = await newChild(server(), admin);
    const key = randomUUID();
    const send = () => call(server(), 'POST', '/api/results', { token: admin, headers: keyed(key), body: { ...EDUCATION, orphan_id: child } });
    const answers = await Promise.all([send(), send(), send(), send()]);
    const applied = answers.filter((a) => a.status === 201);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    for (const a of applied) expect(a.body).toEqual(applied[0].body);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(409);
      expect(a.body.code).toBe('request_in_progress');
      expect(a.headers.get('retry-after')).toBe('1');
    }
    expect(await count(server(), 'results', child)).toBe(1);
    const later = await send();
    expect(later.body).toEqual(applied[0].body);
  });

  it('refuses a malformed key (422) and stores nothing', async () => {
    const child = await newChild(server(), admin);
    const res = await call(server(), 'POST', '/api/attendances', { token: admin, headers: keyed('has spaces in it'), body: { ...MONTH, orphan_id: child } });
    expect(res.status).toBe(422);
    expect(res.body.errors['idempotency-key']).toEqual(['The Idempotency-Key header must be 1 to 255 visible characters without spaces.']);
    expect(await count(server(), 'attendances', child)).toBe(0);
  });

  it('forgets keys after 30 days', async () => {
    const db = server().database.db;
    const now = new Date('2026-06-30T12:00:00.000Z');
    const at = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000).toISOString();
    await db.insertInto('idempotency_keys').values([
      { user_id: 999_001, key: 'old', request_hash: 'x', status_code: 201, response: '{}', created_at: at(31) },
      { user_id: 999_001, key: 'recent', request_hash: 'x', status_code: 201, response: '{}', created_at: at(29) },
    ]).execute();
    expect(await deleteExpiredIdempotencyKeys(server().app, now)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('idempotency_keys').select('key').where('user_id', '=', 999_001).execute();
    expect(left.map((r) => r.key)).toEqual(['recent']);
  });
});
