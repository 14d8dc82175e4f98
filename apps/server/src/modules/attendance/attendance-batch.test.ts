import { beforeAll, expect, it } from 'vitest';
import { ATTENDANCE_BATCH_MAX } from '@app/shared/schemas/attendance.schema';
import { call, describeEachDatabase, loginAdmin, type TestServer } from '../../../test/harness.ts';

/** `POST /attendances/batch`: a month for a class in one transaction — all or nothing, errors named by child. */

const present = (orphan_id: number, fields: Record<string, unknown> = {}) => ({ orphan_id, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0, ...fields });

async function newClass(server: TestServer, token: string, grade: string, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const first_name of names) {
    const res = await call(server, 'POST', '/api/orphans', { token, body: { first_name, last_name: 'Karimi', dob: '2012-01-01', gender: 'female', admission_date: '2020-01-01', class_grade: grade } });
    ids.push(res.body.data.id);
  }
  return ids;
}

async function monthRows(server: TestServer, ids: number[], year: number, month: number) {
  return server.database.db.selectFrom('attendances').selectAll().where('orphan_id', 'in', ids).where('year', '=', year).where('month', '=', month).orderBy('orphan_id').execute();
}

describeEachDatabase('attendance batch', (server) => {
  let admin: string;
  let ids: number[];
  beforeAll(async () => {
    admin = await loginAdmin(server());
    ids = await newClass(server(), admin, '7', ['Laila', 'Mina', 'Soraya', 'Parwin']);
  });

  it('records a month for a class in one call, and a second call updates the same records instead of adding', async () => {
    const res = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 3, year: 2025, rows: ids.map((id) => present(id)) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Attendance saved for 4 children', created: 4, updated: 0 });
    expect(res.body.data.map((r: { orphan_id: number }) => r.orphan_id)).toEqual(ids);
    expect(res.body.data[0]).toMatchObject({ first_name: 'Laila', last_name: 'Karimi', class_grade: '7', month: 3, year: 2025, total_days: 20 });

    const again = await call(server(), 'POST', '/api/attendances/batch', {
      token: admin,
      body: { month: 3, year: 2025, rows: [present(ids[0]!, { present_days: 18, absent_days: 2, absence_reasons: 'Flu' }), ...ids.slice(1).map((id) => present(id))] },
    });
    expect(again.body).toMatchObject({ created: 0, updated: 4 });
    const rows = await monthRows(server(), ids, 2025, 3);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({ present_days: 18, absent_days: 2, absence_reasons: 'Flu' });
    expect(rows[0]!.id).toBe(res.body.data[0].id);
    const log = await server().database.db.selectFrom('activities').select(['name', 'properties']).where('type', '=', 'attendance').where('action', '=', 'recorded').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // The month and the children as data, written by each screen in its reader's language.
    expect(log.name).toBe('');
    expect(JSON.parse(log.properties!)).toMatchObject({ month: 3, year: 2025, created: [], updated: ids });
  });

  it('stores nothing when one row is bad, and names the child in that row\'s errors', async () => {
    const body = { month: 4, year: 2025, rows: [present(ids[0]!), present(ids[1]!), present(ids[2]!), present(ids[3]!, { absent_days: -2 })] };
    const res = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body });
    expect(res.status).toBe(422);
    expect(res.body.errors['rows.3.absent_days']).toEqual(['Parwin Karimi: Must be at least 0']);
    expect(await monthRows(server(), ids, 2025, 4)).toEqual([]);

    const tooMany = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 2, year: 2025, rows: [present(ids[0]!), present(ids[1]!, { present_days: 29 })] } });
    expect(tooMany.body.errors['rows.1.present_days']).toEqual(['Mina Karimi: The days add up to 29, more than the 28 days of February 2025.']);
    const noReason = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 2, year: 2025, rows: [present(ids[2]!, { late_days: 1 })] } });
    expect(noReason.body.errors['rows.0.absence_reasons']).toEqual(['Soraya Karimi: Reason is required when there are absent or late days']);
    expect(await monthRows(server(), ids, 2025, 2)).toEqual([]);
  });

  it('refuses a child that does not exist or is in the trash, naming the row, and stores nothing', async () => {
    const [gone] = await newClass(server(), admin, '7', ['Gone']);
    await call(server(), 'DELETE', `/api/orphans/${gone}`, { token: admin });
    const res = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 5, year: 2025, rows: [present(ids[0]!), present(gone!), present(999_999)] } });
    expect(res.status).toBe(422);
    expect(res.body.errors['rows.1.orphan_id']).toEqual([`Child #${gone}: The selected orphan does not exist.`]);
    expect(res.body.errors['rows.2.orphan_id']).toEqual(['Child #999999: The selected orphan does not exist.']);
    expect(res.body.errors['rows.0.orphan_id']).toBeUndefined();
    expect(await monthRows(server(), [...ids, gone!], 2025, 5)).toEqual([]);
  });

  it('refuses the same child twice, an empty batch, a batch above the limit, month 13 and a future month', async () => {
    const twice = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 6, year: 2025, rows: [present(ids[0]!), present(ids[1]!), present(ids[0]!)] } });
    expect(twice.status).toBe(422);
    expect(twice.body.errors['rows.2.orphan_id']).toEqual(['Laila Karimi: This child appears more than once in the batch.']);

    const empty = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 6, year: 2025, rows: [] } });
    expect(empty.body.errors.rows).toEqual(['Add at least one child.']);

    const huge = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 6, year: 2025, rows: Array.from({ length: 10_000 }, (_, i) => present(i + 1)) } });
    expect(huge.status).toBe(422);
    expect(huge.body.errors.rows).toEqual([`A batch may hold at most ${ATTENDANCE_BATCH_MAX} children.`]);

    const month13 = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 13, year: 2025, rows: [present(ids[0]!)] } });
    expect(month13.body.errors.month).toEqual(['The month must be between 1 and 12.']);
    const future = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 1, year: new Date().getUTCFullYear() + 1, rows: [present(ids[0]!)] } });
    expect(future.body.errors.month).toEqual(['Attendance cannot be recorded for a future month.']);
    expect(await monthRows(server(), ids, 2025, 6)).toEqual([]);
  });

  it('takes a batch of 1,000 children at the limit in one transaction', async () => {
    const db = server().database.db;
    const now = new Date().toISOString();
    const many = [];
    const site_id = (await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    for (let i = 0; i < ATTENDANCE_BATCH_MAX; i++) {
      many.push({ first_name: `Bulk${i}`, last_name: 'Batch', dob: '2012-01-01', birthday: '01-01', gender: 'male', admission_date: '2020-01-01', status: 'active', search_text: `bulk${i} batch`, site_id, created_at: now, updated_at: now });
    }
    const inserted: number[] = [];
    for (let i = 0; i < many.length; i += 200) inserted.push(...(await db.insertInto('orphans').values(many.slice(i, i + 200)).returning('id').execute()).map((r) => r.id));
    const res = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { month: 7, year: 2025, rows: inserted.map((id) => present(id)) } });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(ATTENDANCE_BATCH_MAX);
    expect(await monthRows(server(), inserted, 2025, 7)).toHaveLength(ATTENDANCE_BATCH_MAX);
  });
});
