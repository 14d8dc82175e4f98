import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, loginAdmin, type TestServer } from '../../../test/harness.ts';

/**
 * Attendance a teacher or donor can trust: no month before the child's admission (422, in every
 * language, nothing stored, a batch all or nothing), and one rate — (present + late) ÷ days
 * recorded, excused days recorded — the same on the child's summary and in the export.
 */

const CHILD = { first_name: 'Nilofar', last_name: 'Amiri', father_name: 'Jawad', dob: '2014-01-01', gender: 'female', admission_date: '2025-03-15', class_grade: '3' };
const DAYS = { present_days: 19, absent_days: 1, late_days: 2, excused_days: 0, absence_reasons: 'Flu' };

async function newChild(server: TestServer, token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await call(server, 'POST', '/api/orphans', { token, body: { ...CHILD, ...fields } });
  if (res.status !== 201) throw new Error(`child: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

const months = async (server: TestServer, orphanIds: number[]) =>
  Number((await server.database.db.selectFrom('attendances').select((eb) => eb.fn.countAll<number>().as('n')).where('orphan_id', 'in', orphanIds).executeTakeFirstOrThrow()).n);

describeEachDatabase('attendance: admission and rate', (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = await loginAdmin(server());
  });

  it("refuses a month before the child's admission (422 with a clear message, in every language); the admission month itself is fine", async () => {
    const kid = await newChild(server(), admin);
    const early = await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...DAYS, orphan_id: kid, month: 2, year: 2025 } });
    expect(early.status).toBe(422);
    expect(early.body.errors.month).toEqual(['Attendance cannot be recorded for a month before the child was admitted (2025-03-15).']);
    const longBefore = await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...DAYS, orphan_id: kid, month: 11, year: 2015 }, headers: { 'Accept-Language': 'fa-AF' } });
    expect(longBefore.status).toBe(422);
    expect(longBefore.body.errors.month).toEqual(['حاضری برای ماهی پیش از پذیرش طفل (2025-03-15) ثبت شده نمی‌تواند.']);
    expect(await months(server(), [kid])).toBe(0);

    expect((await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...DAYS, orphan_id: kid, month: 3, year: 2025 } })).status).toBe(201);
  });

  it('refuses a batch with a child not yet admitted that month, naming the child, and stores none of it', async () => {
    const grade = '11';
    const early = await newChild(server(), admin, { first_name: 'Early', class_grade: grade, admission_date: '2020-09-01' });
    const late = await newChild(server(), admin, { first_name: 'Newcomer', class_grade: grade, admission_date: '2025-05-02' });
    const batch = { month: 4, year: 2025, rows: [early, late].map((orphan_id) => ({ orphan_id, ...DAYS })) };
    const res = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: batch });
    expect(res.status).toBe(422);
    expect(res.body.errors['rows.1.orphan_id']).toEqual(['Newcomer Amiri: Attendance cannot be recorded for a month before the child was admitted (2025-05-02).']);
    expect(res.body.errors['rows.0.orphan_id']).toBeUndefined();
    const pashto = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: batch, headers: { 'Accept-Language': 'ps-AF' } });
    expect(pashto.body.errors['rows.1.orphan_id']).toEqual(['Newcomer Amiri: د ماشوم له شمولیت (2025-05-02) څخه مخکې میاشتې لپاره حاضري نه شي ثبتېدای.']);
    expect(await months(server(), [early, late])).toBe(0);

    const may = await call(server(), 'POST', '/api/attendances/batch', { token: admin, body: { ...batch, month: 5 } });
    expect(may.status).toBe(200);
    expect(may.body).toMatchObject({ created: 2, updated: 0 });
  });

  it('gives one rate everywhere: 19 present, 2 late and 1 absent is 95.5 % on the summary and in the export', async () => {
    const kid = await newChild(server(), admin, { first_name: 'Counted', admission_date: '2024-01-01' });
    expect((await call(server(), 'POST', '/api/attendances', { token: admin, body: { ...DAYS, orphan_id: kid, month: 6, year: 2024 } })).status).toBe(201);
    expect((await call(server(), 'POST', '/api/attendances', { token: admin, body: { present_days: 18, absent_days: 0, late_days: 0, excused_days: 2, orphan_id: kid, month: 7, year: 2024 } })).status).toBe(201);

    const summary = (await call(server(), 'GET', `/api/orphans/${kid}/attendance-summary`, { token: admin })).body.data;
    expect(summary.months.map((m: { month: number; attendance_rate: number }) => [m.month, m.attendance_rate])).toEqual([[7, 90], [6, 95.5]]);

    // The export of each month: the same figure in its rate cell, and the rule in the heading's note.
    for (const [month, rate] of [[6, 95.5], [7, 90]] as const) {
      const res = await fetch(`${server().url}/api/export/attendance`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ month, year: 2024, orphan_id: kid }),
      });
      expect(res.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const column = (sheet.getRow(1).values as unknown[]).slice(1).indexOf('Attendance Rate') + 1;
      expect(sheet.rowCount).toBe(2);
      expect(Math.round(Number(sheet.getRow(2).getCell(column).value) * 1000) / 10, `month ${month}`).toBe(rate);
      expect(sheet.getRow(1).getCell(column).note).toContain('(present + late days) ÷ days recorded');
    }
  });
});
