import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/shared/permissions';
import { XLSX_CONTENT_TYPE } from '@app/shared/schemas/export.schema';
import { call, describeEachDatabase, loginAdmin, userWithRoles, type TestServer } from '../../../test/harness.ts';
import { exportFile, headings, openSheet, records } from '../../../test/export-sheets.ts';
import { ageOn, orphanExportPages } from '../orphans/orphans.export.ts';
import { resultExportPages } from '../results/results.export.ts';

/**
 * Excel exports: each workbook is opened with exceljs and read back — headings, rows,
 * cell types, each filter, the formula guard, right to left in Dari — plus access, bad input
 * (a JSON 4xx and no file) and the activity log entry each export writes.
 */

const TODAY = new Date().toISOString().slice(0, 10);
/** A number in the Persian digits Dari is written in. */
const persianDigits = (n: number) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

/** The date `years` years before today (the day a child turns `years` today). */
const yearsAgo = (years: number, days = 0): string => {
  const d = new Date(`${String(Number(TODAY.slice(0, 4)) - years)}${TODAY.slice(4)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
const THIS_YEAR = Number(TODAY.slice(0, 4));
const LAST_YEAR = THIS_YEAR - 1;

async function exportEntries(server: TestServer): Promise<Array<{ name: string; user_id: number | null; properties: string | null }>> {
  return server.database.db.selectFrom('activities').select(['name', 'user_id', 'properties']).where('subject_type', '=', 'export').orderBy('id').execute();
}

describe('export pieces', () => {
  it('counts an age from the birthday on', () => {
    expect(ageOn('2016-02-29', '2025-02-28')).toBe(8);
    expect(ageOn('2016-02-29', '2025-03-01')).toBe(9);
    expect(ageOn('2010-06-15', '2025-06-15')).toBe(15);
    expect(ageOn('2010-06-15', '2025-06-14')).toBe(14);
  });
});

describeEachDatabase('exports API', (server) => {
  let admin: string;
  let adminId: number;
  const ids: Record<string, number> = {};

  async function child(key: string, fields: Record<string, unknown>): Promise<number> {
    const res = await call(server(), 'POST', '/api/orphans', { token: admin, body: { gender: 'female', admission_date: '2022-09-01', ...fields } });
    if (res.status !== 201) throw new Error(`child ${key}: ${res.status} ${JSON.stringify(res.body)}`);
    ids[key] = res.body.data.id;
    return res.body.data.id;
  }
  async function post(url: string, body: unknown): Promise<void> {
    const res = await call(server(), 'POST', url, { token: admin, body });
    if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  }

  beforeAll(async () => {
    admin = await loginAdmin(server());
    adminId = (await call(server(), 'GET', '/api/auth/user', { token: admin })).body.user?.id ?? (await call(server(), 'GET', '/api/auth/user', { token: admin })).body.id;
    // Maryam turns 8 today: the age filters' boundary.
    await child('maryam', {
      first_name: 'Maryam', last_name: 'Ahmadi', father_name: 'Karim', dob: yearsAgo(8), class_grade: '0', admission_date: '2023-03-01',
      guardian_name: '=HYPERLINK("http://evil.example","Open")', guardian_relationship: 'uncle', phone_number: '+93 700 111 222', status: 'active', medical_condition: 'Needs Attention',
    });
    await child('zahra', { first_name: 'Zahra', last_name: 'Ahmadi', dob: yearsAgo(12, 40), class_grade: '6', admission_date: '2021-01-15' });
    await child('omid', { first_name: 'Omid', last_name: 'Barakzai', gender: 'male', dob: yearsAgo(5, 10), class_grade: '1', admission_date: '2024-06-01' });
    await child('trashed', { first_name: 'Hidden', last_name: 'Child', dob: yearsAgo(9), admission_date: '2022-01-01' });

    const base = { exam_date: `${LAST_YEAR}-05-10`, year: LAST_YEAR };
    await post('/api/results', { ...base, orphan_id: ids.maryam, result_type: 'education', subject: 'Mathematics', term: 'First Term', total: 100, average: 78.5, score: 84 });
    await post('/api/results', { ...base, orphan_id: ids.zahra, result_type: 'education', subject: 'Dari', term: 'Final', exam_date: `${LAST_YEAR}-11-20`, total: 100, average: 60, score: 55 });
    await post('/api/results', { ...base, orphan_id: ids.omid, result_type: 'education', subject: 'Science', term: 'First Term', exam_date: `${LAST_YEAR - 1}-05-10`, year: LAST_YEAR - 1, total: 100, average: 70, score: 70 });
    await post('/api/results', { ...base, orphan_id: ids.trashed, result_type: 'education', subject: 'Art', term: 'First Term', total: 100, average: 90, score: 90 });
    await post('/api/results', { ...base, orphan_id: ids.maryam, result_type: 'discipline', subject: 'Conduct', grade: 'A', ethics_score: 9, uniform_score: 8.5, relationship_score: 10, score: 92 });
    await post('/api/results', { ...base, orphan_id: ids.zahra, result_type: 'course', subject: 'English', course_type: 'Language', term: 'Final', total: 50, score: 41, grade: 'B', comments: '@SUM(A1:A9)' });

    const month = { month: 3, year: LAST_YEAR };
    await post('/api/attendances', { ...month, orphan_id: ids.maryam, present_days: 20, absent_days: 2, late_days: 1, excused_days: 1, absence_reasons: 'Fever' });
    await post('/api/attendances', { ...month, orphan_id: ids.zahra, present_days: 24, absent_days: 0, late_days: 0, excused_days: 0 });
    await post('/api/attendances', { ...month, orphan_id: ids.trashed, present_days: 10, absent_days: 0, late_days: 0, excused_days: 0 });
    await post('/api/attendances', { month: 4, year: LAST_YEAR, orphan_id: ids.maryam, present_days: 22, absent_days: 0, late_days: 0, excused_days: 0 });

    const trashed = await call(server(), 'DELETE', `/api/orphans/${ids.trashed}`, { token: admin });
    expect(trashed.status).toBe(200);
  });

  it('exports the children outside the trash: bold frozen headings, widths, real dates and numbers, file name', async () => {
    const file = await exportFile(server(), admin, 'orphans', {});
    expect(file.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="orphans-${TODAY}.xlsx"`);
    const sheet = await openSheet(file);
    expect(sheet.name).toBe('Orphans');
    expect(headings(sheet)).toEqual([
      'ID', 'First Name', 'Last Name', "Father's Name", 'Site', 'Gender', 'Date of Birth', 'Age', 'Grade', 'Admission Date', 'Status', 'Medical Condition',
      'Guardian Name', 'Guardian Relationship', 'Guardian Contact', 'Phone Number', 'Address', 'School ID Number', 'Donor',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, rightToLeft: false });
    expect(sheet.getColumn(17).width).toBeGreaterThan(sheet.getColumn(1).width!);

    const rows = records(sheet);
    // By last name, first name: the trashed child is not there.
    expect(rows.map((r) => r['First Name'])).toEqual(['Maryam', 'Zahra', 'Omid']);
    const maryam = rows[0]!;
    expect(maryam.ID).toBe(ids.maryam);
    expect(maryam['Date of Birth']).toBeInstanceOf(Date);
    expect((maryam['Date of Birth'] as Date).toISOString().slice(0, 10)).toBe(yearsAgo(8));
    expect((maryam['Admission Date'] as Date).toISOString()).toBe('2023-03-01T00:00:00.000Z');
    expect(maryam.Age).toBe(8);
    expect(maryam.Grade).toBe(0);
    expect(sheet.getRow(2).getCell(9).numFmt).toBe('[=0]"PREP";0');
    expect(sheet.getRow(2).getCell(7).numFmt).toBe('yyyy-mm-dd');
    expect(maryam.Gender).toBe('Female');
    expect(maryam['Medical Condition']).toBe('Needs Attention');
    // A formula typed into a field comes out as a text cell that reads exactly as typed, in Excel's
    // Text format (so not evaluated on opening, nor when edited); a phone number stays as typed.
    expect(maryam['Guardian Name']).toBe('=HYPERLINK("http://evil.example","Open")');
    const guardian = sheet.getRow(2).getCell(13);
    expect(guardian.type).toBe(ExcelJS.ValueType.String);
    expect(guardian.formula).toBeUndefined();
    expect(guardian.numFmt).toBe('@');
    expect(maryam['Guardian Relationship']).toBe('uncle');
    expect(maryam['Phone Number']).toBe('+93 700 111 222');
    expect(typeof rows[1]!.Age).toBe('number');
    expect(rows[1]!.Age).toBe(12);
  });

  it.each([
    ['gender', { gender: 'male' }, ['Omid']],
    ['minimum age (a birthday today counts)', { age_min: 8 }, ['Maryam', 'Zahra']],
    ['maximum age', { age_max: 7 }, ['Omid']],
    ['age range', { age_min: 6, age_max: 8 }, ['Maryam']],
    ['admission dates', { admission_start: '2021-01-15', admission_end: '2023-03-01' }, ['Maryam', 'Zahra']],
    ['empty filters, which are ignored', { gender: '', age_min: '', age_max: null, admission_start: '', admission_end: '' }, ['Maryam', 'Zahra', 'Omid']],
    ['filters that match nobody', { gender: 'male', age_min: 10 }, []],
  ])('narrows the children by %s', async (_name, body, names) => {
    const sheet = await openSheet(await exportFile(server(), admin, 'orphans', body));
    expect(records(sheet).map((r) => r['First Name'])).toEqual(names);
    expect(sheet.rowCount).toBe(names.length + 1);
  });

  it('writes the sheet right to left with Dari headings when the language is Dari (and Pashto)', async () => {
    const dari = await openSheet(await exportFile(server(), admin, 'orphans', {}, { 'Accept-Language': 'fa-AF' }));
    expect(dari.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(dari.name).toBe('یتیمان');
    expect(headings(dari).slice(0, 3)).toEqual(['شماره', 'نام', 'تخلص']);
    expect(records(dari)[0]!['جنسیت']).toBe('دختر');
    // Every stored value with a translation is translated: the relationship as typed ("uncle"), grade 0.
    expect(records(dari)[0]!['نسبت سرپرست']).toBe('کاکا');
    expect(dari.getRow(2).getCell(9).numFmt).toBe('[=0]"آمادگی";0');
    const course = records(await openSheet(await exportFile(server(), admin, 'results', { result_type: 'course', from_date: `${LAST_YEAR}-01-01`, to_date: `${LAST_YEAR}-12-31` }, { 'Accept-Language': 'fa-AF' })));
    expect(course).toEqual([expect.objectContaining({ 'مضمون': 'انگلیسی', 'نوع کورس': 'زبان', 'دوره': 'نهایی' })]);
    const education = records(await openSheet(await exportFile(server(), admin, 'results', { result_type: 'education', from_date: `${LAST_YEAR}-05-10`, to_date: `${LAST_YEAR}-05-10` }, { 'Accept-Language': 'ps-AF' })));
    expect(education).toEqual([expect.objectContaining({ 'مضمون': 'ریاضي', 'دوره': 'لومړۍ دوره' })]);

    const pashto = await openSheet(await exportFile(server(), admin, 'attendance', { month: 3, year: LAST_YEAR }, { 'Accept-Language': 'ps-AF,en;q=0.5' }));
    expect(pashto.views[0]?.rightToLeft).toBe(true);
    expect(headings(pashto)).toContain('حاضرې ورځې');
  });

  it('gives a Solar Hijri reader each date in Solar Hijri beside it', async () => {
    const reader = await userWithRoles(server(), [ROLE.manager]);
    await server().database.db.updateTable('users').set({ calendar: 'persian' }).where('id', '=', reader.id).execute();
    const sheet = await openSheet(await exportFile(server(), reader.token, 'orphans', {}));
    const head = headings(sheet);
    expect(head[head.indexOf('Admission Date') + 1]).toBe('Admission Date (Solar Hijri)');
    expect(head[head.indexOf('Date of Birth') + 1]).toBe('Date of Birth (Solar Hijri)');
    const maryam = records(sheet).find((r) => r['First Name'] === 'Maryam')!;
    // 2023-03-01 was 10 Hut 1401.
    expect(maryam['Admission Date (Solar Hijri)']).toBe('1401/12/10');
    expect((maryam['Admission Date'] as Date).toISOString().slice(0, 10)).toBe('2023-03-01');

    // An attendance month and a result's year are kept Gregorian: beside them, the Solar Hijri months and years they cover.
    const hijri = { month: `Hut ${LAST_YEAR - 622} – Hamal ${LAST_YEAR - 621}`, year: `${LAST_YEAR - 622}–${LAST_YEAR - 621}` };
    const attendance = await openSheet(await exportFile(server(), reader.token, 'attendance', { month: 3, year: LAST_YEAR }));
    const attendanceHead = headings(attendance);
    expect(attendanceHead[attendanceHead.indexOf('Month') + 1]).toBe('Month (Solar Hijri)');
    expect(attendanceHead[attendanceHead.indexOf('Year') + 1]).toBe('Year (Solar Hijri)');
    const march = records(attendance).find((r) => r['First Name'] === 'Maryam')!;
    expect([march.Month, march['Month (Solar Hijri)'], march.Year, march['Year (Solar Hijri)']]).toEqual([3, hijri.month, LAST_YEAR, hijri.year]);
    const dari = records(await openSheet(await exportFile(server(), reader.token, 'attendance', { month: 3, year: LAST_YEAR }, { 'Accept-Language': 'fa-AF' })));
    expect(Object.values(dari[0]!)).toContain(`حوت ${persianDigits(LAST_YEAR - 622)} – حمل ${persianDigits(LAST_YEAR - 621)}`);
    const results = records(await openSheet(await exportFile(server(), reader.token, 'results', { result_type: 'education', from_date: `${LAST_YEAR}-01-01`, to_date: `${LAST_YEAR}-12-31` })));
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((r) => r['Year (Solar Hijri)'])).toEqual(results.map(() => hijri.year));
  });

  it("writes the sheet in the reader's stored language when the request names none", async () => {
    const reader = await userWithRoles(server(), [ROLE.manager]);
    await server().database.db.updateTable('users').set({ locale: 'ps-AF' }).where('id', '=', reader.id).execute();
    const sheet = await openSheet(await exportFile(server(), reader.token, 'attendance', { month: 3, year: LAST_YEAR }));
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(headings(sheet)).toContain('حاضرې ورځې');
  });

  it("exports each result type with that type's columns, narrowed by dates, term, year and child", async () => {
    const range = { from_date: `${LAST_YEAR - 1}-01-01`, to_date: `${LAST_YEAR}-12-31` };
    const file = await exportFile(server(), admin, 'results', { result_type: 'education', ...range });
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="results-${TODAY}.xlsx"`);
    const education = await openSheet(file);
    expect(headings(education)).toEqual([
      'ID', 'Orphan ID', 'First Name', 'Last Name', "Father's Name", 'Site', 'Subject', 'Term', 'Total', 'Average', 'Score', 'Percent', 'Grade', 'Exam Date', 'Year', 'Assessed By', 'Comments',
    ]);
    const rows = records(education);
    // By year then exam date; the trashed child's result is left out.
    expect(rows.map((r) => r.Subject)).toEqual(['Science', 'Mathematics', 'Dari']);
    expect(rows[1]).toMatchObject({ 'Orphan ID': ids.maryam, 'First Name': 'Maryam', "Father's Name": 'Karim', Term: 'First Term', Total: 100, Average: 78.5, Score: 84, Percent: 0.84, Grade: 'A', Year: LAST_YEAR });
    expect(rows[1]!['Exam Date']).toBeInstanceOf(Date);

    const narrowed = async (body: Record<string, unknown>) => records(await openSheet(await exportFile(server(), admin, 'results', { result_type: 'education', ...range, ...body }))).map((r) => r.Subject);
    expect(await narrowed({ term: 'Final' })).toEqual(['Dari']);
    expect(await narrowed({ year: LAST_YEAR - 1 })).toEqual(['Science']);
    expect(await narrowed({ year: String(LAST_YEAR), orphan_id: String(ids.maryam) })).toEqual(['Mathematics']);
    expect(await narrowed({ from_date: `${LAST_YEAR}-05-10`, to_date: `${LAST_YEAR}-05-10` })).toEqual(['Mathematics']);
    expect(await narrowed({ term: '', year: '', orphan_id: '' })).toEqual(['Science', 'Mathematics', 'Dari']);

    const discipline = await openSheet(await exportFile(server(), admin, 'results', { result_type: 'discipline', ...range, term: 'Final' }));
    expect(headings(discipline)).toEqual([
      'ID', 'Orphan ID', 'First Name', 'Last Name', "Father's Name", 'Site', 'Subject', 'Ethics Score', 'Uniform Score', 'Relationship Score', 'Score', 'Grade', 'Exam Date', 'Year', 'Assessed By', 'Comments',
    ]);
    // Discipline results have no term: the term sent narrows nothing.
    expect(records(discipline)).toEqual([expect.objectContaining({ Subject: 'Conduct', 'Ethics Score': 9, 'Uniform Score': 8.5, 'Relationship Score': 10, Score: 92, Grade: 'A' })]);

    const course = await openSheet(await exportFile(server(), admin, 'results', { result_type: 'course', ...range }));
    expect(headings(course)).toContain('Course Type');
    expect(headings(course)).not.toContain('Average');
    // The score's share of the total marks beside it: 41 of 50 is 82 %.
    expect(records(course)).toEqual([expect.objectContaining({ Subject: 'English', 'Course Type': 'Language', Total: 50, Score: 41, Percent: 0.82, Comments: '@SUM(A1:A9)' })]);
    expect(course.getRow(2).getCell(headings(course).indexOf('Comments') + 1).type).toBe(ExcelJS.ValueType.String);
    expect(headings(discipline)).not.toContain('Percent');
  });

  it("exports one month's attendance with day counts, total and rate as numbers", async () => {
    const file = await exportFile(server(), admin, 'attendance', { month: '3', year: String(LAST_YEAR) });
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="attendance-${TODAY}.xlsx"`);
    const sheet = await openSheet(file);
    expect(headings(sheet)).toEqual([
      'Orphan ID', 'First Name', 'Last Name', "Father's Name", 'Site', 'Grade', 'Month', 'Year', 'Present Days', 'Absent Days', 'Late Days', 'Excused Days', 'Total Days', 'Attendance Rate', 'Absence Reasons', 'Notes',
    ]);
    const rows = records(sheet);
    expect(rows.map((r) => r['First Name'])).toEqual(['Maryam', 'Zahra']);
    expect(rows[0]).toMatchObject({ Month: 3, Year: LAST_YEAR, 'Present Days': 20, 'Absent Days': 2, 'Late Days': 1, 'Excused Days': 1, 'Total Days': 24, 'Absence Reasons': 'Fever' });
    // The one rate of every screen and the report: present and late days of the days recorded (excused among them).
    expect(rows[0]!['Attendance Rate']).toBeCloseTo(21 / 24, 10);
    expect(sheet.getRow(2).getCell(14).numFmt).toBe('0%');
    expect(sheet.getRow(1).getCell(14).note).toBe('Attendance rate = (present + late days) ÷ days recorded; excused days count as recorded.');
    const dari = await openSheet(await exportFile(server(), admin, 'attendance', { month: 3, year: LAST_YEAR }, { 'Accept-Language': 'fa-AF' }));
    expect(dari.getRow(1).getCell(14).note).toBe('فیصدی حاضری = (روزهای حاضر + روزهای با تأخیر) ÷ روزهای ثبت‌شده؛ روزهای رخصتی هم جزو روزهای ثبت‌شده حساب می‌شوند.');

    const one = records(await openSheet(await exportFile(server(), admin, 'attendance', { month: 4, year: LAST_YEAR, orphan_id: ids.maryam })));
    expect(one).toEqual([expect.objectContaining({ 'First Name': 'Maryam', Month: 4, 'Present Days': 22 })]);
  });

  it('logs each export with who made it and its filters', async () => {
    const before = (await exportEntries(server())).length;
    await openSheet(await exportFile(server(), admin, 'orphans', { gender: 'female', age_min: '' }));
    await openSheet(await exportFile(server(), admin, 'attendance', { month: 3, year: LAST_YEAR, orphan_id: ids.zahra }));
    const entries = (await exportEntries(server())).slice(before);
    expect(entries.map((e) => e.name)).toEqual(['Orphans list export', 'Attendance records export: Zahra Ahmadi']);
    expect(entries.every((e) => e.user_id === adminId)).toBe(true);
    expect(JSON.parse(entries[0]!.properties!)).toEqual({ kind: 'orphans', filters: { gender: 'female' } });
  });

  it.each([
    ['orphans', { age_min: 10, age_max: 5 }, { age_max: ['The minimum age cannot be greater than the maximum age.'] }],
    ['orphans', { admission_start: '2024-02-01', admission_end: '2024-01-01' }, { admission_end: ['The admission start date must be on or before the admission end date.'] }],
    ['orphans', { age_min: -1, gender: 'other' }, { age_min: ['The age must be a whole number of at least 0.'], gender: ['The selected gender is invalid.'] }],
    ['results', { result_type: 'sports', from_date: '2024-01-01', to_date: '2024-12-31' }, { result_type: ['The selected result type is invalid.'] }],
    ['results', {}, { result_type: ['Result type is required'], from_date: ['Start date is required'], to_date: ['End date is required'] }],
    ['results', { result_type: 'education', from_date: '2024-12-31', to_date: '2024-01-01' }, { to_date: ['The start date must be on or before the end date.'] }],
    ['results', { result_type: 'education', from_date: '2024-01-01', to_date: '2024-12-31', term: 'Monthly' }, { term: ['The selected term is invalid.'] }],
    ['attendance', { month: 13, year: 2024 }, { month: ['The month must be between 1 and 12.'] }],
    ['attendance', { month: '', year: '' }, { month: ['Month is required'], year: ['Year is required'] }],
  ])('refuses bad input to /export/%s with 422 and its messages, and no file', async (kind, body, errors) => {
    const before = (await exportEntries(server())).length;
    const res = await exportFile(server(), admin, kind, body);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors });
    expect((await exportEntries(server())).length).toBe(before);
  });

  it("refuses a trashed or unknown child's id with 422, logging nothing", async () => {
    const before = (await exportEntries(server())).length;
    for (const orphan_id of [ids.trashed, 999_999]) {
      const results = await exportFile(server(), admin, 'results', { result_type: 'education', from_date: '2020-01-01', to_date: '2030-12-31', orphan_id });
      expect(results.status).toBe(422);
      expect(results.json()).toMatchObject({ message: 'The selected orphan does not exist.', errors: { orphan_id: ['The selected orphan does not exist.'] } });
      const attendance = await exportFile(server(), admin, 'attendance', { month: 3, year: LAST_YEAR, orphan_id });
      expect(attendance.status).toBe(422);
    }
    expect((await exportEntries(server())).length).toBe(before);
  });

  it('needs view-reports AND the view permission of the data exported', async () => {
    const teacher = await userWithRoles(server(), [ROLE.teacher]); // views results and attendance, not reports
    const caseworker = await userWithRoles(server(), [ROLE.caseworker]); // reports, children, results, attendance
    const role = await call(server(), 'POST', '/api/roles', { token: admin, body: { name: 'Report reader', permissions: ['view-reports', 'view-orphans'] } });
    expect(role.status).toBe(201);
    const reader = await userWithRoles(server(), ['Report reader']);
    const before = (await exportEntries(server())).length;

    const bodies = { orphans: {}, results: { result_type: 'course', from_date: '2020-01-01', to_date: '2030-12-31' }, attendance: { month: 3, year: LAST_YEAR } };
    for (const [kind, body] of Object.entries(bodies)) {
      const refused = await exportFile(server(), teacher.token, kind, body);
      expect(refused.status, kind).toBe(403);
      expect(refused.json().code).toBe('forbidden');
      expect((await exportFile(server(), caseworker.token, kind, body)).status, kind).toBe(200);
    }
    expect((await exportFile(server(), reader.token, 'orphans', {})).status).toBe(200);
    expect((await exportFile(server(), reader.token, 'results', bodies.results)).status).toBe(403);
    expect((await exportFile(server(), reader.token, 'attendance', bodies.attendance)).status).toBe(403);
    // Refused exports are not logged: three by the caseworker and one by the reader are.
    expect((await exportEntries(server())).length).toBe(before + 4);

    const anonymous = await fetch(`${server().url}/api/export/orphans`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{}' });
    expect([401, 419]).toContain(anonymous.status);
  });

  it('reads page after page by keyset without losing or repeating a row (names that tie included)', async () => {
    const db = server().database.db;
    await child('twinA', { first_name: 'Sara', last_name: 'Karimi', dob: yearsAgo(10) });
    await child('twinB', { first_name: 'Sara', last_name: 'Karimi', dob: yearsAgo(10) });
    const all: number[] = [];
    for await (const page of orphanExportPages(db, { all: true }, {}, 2)) {
      expect(page.length).toBeLessThanOrEqual(2);
      all.push(...page.map((r) => r.id));
    }
    const whole: number[] = [];
    for await (const page of orphanExportPages(db, { all: true }, {}, 1000)) whole.push(...page.map((r) => r.id));
    expect(all).toEqual(whole);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(5);

    const subjects: string[] = [];
    for await (const page of resultExportPages(db, { all: true }, { resultType: 'education', fromDate: '2000-01-01', toDate: '2100-01-01' }, 1)) subjects.push(...page.map((r) => r.subject));
    expect(subjects).toEqual(['Science', 'Mathematics', 'Dari']);
  });
});
