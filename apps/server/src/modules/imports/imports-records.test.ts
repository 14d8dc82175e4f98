import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { gradeForMarks } from '@app/shared/grade-bands';
import { localiseMessage } from '@app/shared/i18n/localise';
import { beforeAdmissionMessage } from '@app/shared/schemas/attendance.schema';
import { IMPORT_MESSAGES as MSG } from '@app/shared/schemas/import.schema';
import { call, describeEachDatabase, firstSiteId, loginAdmin } from '../../../test/harness.ts';
import { uploadFile, workbook } from './imports-test-kit.ts';

const DARI = JSON.parse(readFileSync(new URL('../../../../../packages/shared/src/i18n/messages.fa-AF.json', import.meta.url), 'utf8')) as Record<string, string>;

/** Import of results and attendance: each row's child found in the site, checked by the form's schema, duplicates, commit and undo. */
describeEachDatabase('imports: results and attendance', (server) => {
  const db = () => server().database.db;
  const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  async function child(token: string, site: number, family: string, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await call(server(), 'POST', '/api/orphans', { token, body: { first_name: 'Nadia', last_name: family, father_name: 'Hamid', dob: '2013-05-05', gender: 'female', admission_date: '2020-01-01', site_id: site, ...extra } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }
  const commit = (token: string, id: number, body: Record<string, unknown>) => call(server(), 'POST', `/api/imports/${id}/commit`, { token, body });
  const undo = (token: string, id: number) => call(server(), 'POST', `/api/imports/${id}/undo`, { token });

  it('imports a Dari workbook of results (Hijri exam dates, Dari terms): children by id, school ID number or names, another site\'s child refused by row, duplicates skipped, and undone', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const otherSite = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: `Results B ${stamp()}`, kind: 'orphanage' } })).body.data.id as number;
    const family = `Marks${stamp()}`;
    const school = `SCH-${stamp()}`;
    const a = await child(admin, site, family);
    const b = await child(admin, site, family, { first_name: 'Laila', school_id_number: school });
    const elsewhere = await child(admin, otherSite, family, { first_name: 'Farida' });
    const kept = await call(server(), 'POST', '/api/results', { token: admin, body: { orphan_id: b, result_type: 'education', subject: 'Physics', term: 'Final', exam_date: '2024-03-10', year: 2024, total: 100, average: 70, score: 70 } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const book = await workbook([
      ['آی دی طفل', 'نمبر مکتب', 'نام', 'تخلص', 'نام پدر', 'تاریخ تولد', 'مضمون', 'امتحان', 'تاریخ امتحان', 'سال', 'مجموع نمرات', 'اوسط', 'نمره'],
      [a, '', '', '', '', '', 'Mathematics', 'چهارونیم ماهه', '۱۴۰۳/۰۴/۱۵', 2024, 100, 86, 86],
      ['', school, '', '', '', '', 'Biology', 'امتحان نهایی', '1402/12/20', '۲۰۲۴', 50, 80, 40],
      ['', '', 'nadia', family, 'HAMID', '2013-05-05', 'mathematics', 'First Term', '2024-07-05', 2024, 100, 90, 90],
      [elsewhere, '', '', '', '', '', 'Mathematics', 'Final', '2024-03-10', 2024, 100, 50, 50],
      [b, '', '', '', '', '', 'Physics', 'Final', '2024-03-10', 2024, 100, 95, 95],
      [a, '', '', '', '', '', 'Chemistry', 'Final', '2024-03-10', 2024, 100, 50, 120],
    ]);
    const res = await uploadFile(server(), admin, book, 'marks.xlsx', { kind: 'results', site_id: site }, { 'Accept-Language': 'fa-AF' });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
    const preview = res.body.data;
    expect(preview.mapping).toEqual(['child_id', 'school_id_number', 'first_name', 'last_name', 'father_name', 'dob', 'subject', 'term', 'exam_date', 'year', 'total', 'average', 'score']);
    expect(preview.import).toMatchObject({ kind: 'results', row_count: 6, error_count: 2, duplicate_count: 2 });
    const rows = preview.rows.data;
    expect(rows[0].values).toMatchObject({ term: 'First Term', exam_date: '2024-07-05' });
    expect(rows[1].values).toMatchObject({ term: 'Final', exam_date: '2024-03-10', year: '2024' });
    expect(rows[0].errors).toEqual([]);
    expect(rows[2].duplicate).toEqual({ row: 2, id: null });
    // The child of another site is as if it did not exist: refused on its row, in Dari, naming the column.
    expect(rows[3].errors).toEqual([{ field: 'child_id', column: 'آی دی طفل', message: DARI[MSG.childNotFound] }]);
    expect(rows[4].duplicate).toEqual({ row: null, id: kept.body.data.id });
    expect(rows[5].errors.map((e: { field: string }) => e.field)).toEqual(['score']);

    const done = await commit(admin, preview.import.id, { duplicates: 'skip', valid_rows_only: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toEqual({ created: 2, updated: 0, skipped: 4 });
    const stored = await db().selectFrom('results').selectAll().where('orphan_id', 'in', [a, b, elsewhere]).orderBy('id').execute();
    expect(stored.map((r) => [r.orphan_id, r.subject, r.term, r.exam_date, r.score, r.grade])).toEqual([
      [b, 'Physics', 'Final', '2024-03-10', 70, kept.body.data.grade],
      [a, 'Mathematics', 'First Term', '2024-07-05', 86, gradeForMarks(86, 100)],
      [b, 'Biology', 'Final', '2024-03-10', 40, gradeForMarks(40, 50)],
    ]);
    // Each result is logged as the form logs it, naming its child.
    const log = await call(server(), 'GET', `/api/activities?subject_type=result&subject_id=${stored[1]!.id}`, { token: admin });
    expect(log.body.data[0]).toMatchObject({ action: 'created' });

    const undone = await undo(admin, preview.import.id);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data).toEqual({ removed: 2, restored: 0 });
    expect((await db().selectFrom('results').select('subject').where('orphan_id', 'in', [a, b]).execute()).map((r) => r.subject)).toEqual(['Physics']);
  });

  it('updates a result already kept when updates are chosen, puts it back on undo, and refuses the undo once it was changed since', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const a = await child(admin, site, `Again${stamp()}`);
    const kept = await call(server(), 'POST', '/api/results', { token: admin, body: { orphan_id: a, result_type: 'education', subject: 'History', term: 'Final', exam_date: '2024-03-10', year: 2024, total: 100, average: 60, score: 60 } });
    const file = async () => workbook([['Child ID', 'Subject', 'Term', 'Exam date', 'Year', 'Total', 'Average', 'Score'], [a, 'history', 'Final', '2024-03-10', 2024, 100, 75, 75]]);
    const up = await uploadFile(server(), admin, await file(), 'again.xlsx', { kind: 'results', site_id: site });
    expect(up.body.data.import.duplicate_count).toBe(1);
    expect((await commit(admin, up.body.data.import.id, { duplicates: 'update' })).body.data).toEqual({ created: 0, updated: 1, skipped: 0 });
    const score = async () => (await db().selectFrom('results').select(['score', 'grade']).where('id', '=', kept.body.data.id).executeTakeFirstOrThrow());
    expect(await score()).toEqual({ score: 75, grade: gradeForMarks(75, 100) });
    expect((await undo(admin, up.body.data.import.id)).body.data).toEqual({ removed: 0, restored: 1 });
    expect(await score()).toEqual({ score: 60, grade: kept.body.data.grade });

    // Changed after the commit: the undo is refused and nothing is put back.
    const second = await uploadFile(server(), admin, await file(), 'again2.xlsx', { kind: 'results', site_id: site });
    await commit(admin, second.body.data.import.id, { duplicates: 'update' });
    const edited = await call(server(), 'PUT', `/api/results/${kept.body.data.id}`, { token: admin, body: { orphan_id: a, result_type: 'education', subject: 'History', term: 'Final', exam_date: '2024-03-10', year: 2024, total: 100, average: 80, score: 80 } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const refused = await undo(admin, second.body.data.import.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MSG.undoChanged);
    expect((await score()).score).toBe(80);
  });

  it('imports attendance from a Dari workbook: a new month added, a month kept before updated, a repeated row skipped, another site\'s child refused, and all undone', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const otherSite = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: `Attendance B ${stamp()}`, kind: 'orphanage' } })).body.data.id as number;
    const family = `Days${stamp()}`;
    const a = await child(admin, site, family);
    const b = await child(admin, site, family, { first_name: 'Laila' });
    const elsewhere = await child(admin, otherSite, family, { first_name: 'Farida' });
    const kept = await call(server(), 'POST', '/api/attendances', { token: admin, body: { orphan_id: b, month: 3, year: 2024, present_days: 10, absent_days: 0, late_days: 0, excused_days: 0 } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const book = await workbook([
      ['آی دی طفل', 'نام', 'تخلص', 'نام پدر', 'تاریخ تولد', 'ماه', 'سال', 'روزهای حاضر', 'غیرحاضر', 'تأخیر', 'رخصتی', 'دلایل غیرحاضری', 'یادداشت'],
      [a, '', '', '', '', '۳', '۲۰۲۴', 20, 2, 1, 0, 'مریضی', 'خوب'],
      ['', 'Laila', family, 'Hamid', '۱۳۹۲/۰۲/۱۵', 3, 2024, 18, 3, 0, 1, 'سفر', ''],
      [a, '', '', '', '', 3, 2024, 5, 5, 0, 0, 'مریضی', 'twice'],
      [elsewhere, '', '', '', '', 3, 2024, 20, 0, 0, 0, '', ''],
      [a, '', '', '', '', 12, 2019, 20, 0, 0, 0, '', ''],
    ]);
    const res = await uploadFile(server(), admin, book, 'days.xlsx', { kind: 'attendance', site_id: site }, { 'Accept-Language': 'fa-AF' });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
    const preview = res.body.data;
    expect(preview.mapping).toEqual(['child_id', 'first_name', 'last_name', 'father_name', 'dob', 'month', 'year', 'present_days', 'absent_days', 'late_days', 'excused_days', 'absence_reasons', 'notes']);
    expect(preview.import).toMatchObject({ kind: 'attendance', row_count: 5, error_count: 2, duplicate_count: 2 });
    const rows = preview.rows.data;
    expect(rows[0].errors).toEqual([]);
    expect(rows[1].duplicate).toEqual({ row: null, id: kept.body.data.id });
    expect(rows[2].duplicate).toEqual({ row: 2, id: null });
    expect(rows[3].errors).toEqual([{ field: 'child_id', column: 'آی دی طفل', message: DARI[MSG.childNotFound] }]);
    // A month before the child came, refused in the preview as the form refuses it.
    expect(rows[4].errors).toEqual([{ field: 'month', column: 'ماه', message: localiseMessage(beforeAdmissionMessage('2020-01-01'), 'fa-AF') }]);

    // Updates for the month kept before; the file's repeated row skipped by its own choice.
    const done = await commit(admin, preview.import.id, { duplicates: 'update', valid_rows_only: true, choices: { '4': 'skip' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toEqual({ created: 1, updated: 1, skipped: 3 });
    const months = async () => (await db().selectFrom('attendances').select(['orphan_id', 'present_days', 'absent_days', 'absence_reasons', 'notes']).where('orphan_id', 'in', [a, b, elsewhere]).orderBy('orphan_id').execute());
    expect(await months()).toEqual([
      { orphan_id: a, present_days: 20, absent_days: 2, absence_reasons: 'مریضی', notes: 'خوب' },
      { orphan_id: b, present_days: 18, absent_days: 3, absence_reasons: 'سفر', notes: null },
    ]);
    const undone = await undo(admin, preview.import.id);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data).toEqual({ removed: 1, restored: 1 });
    expect(await months()).toEqual([{ orphan_id: b, present_days: 10, absent_days: 0, absence_reasons: null, notes: null }]);
  });

  it('reads an attendance month written as a name: Gregorian in English, Dari or Pashto, or Solar Hijri with its year', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const a = await child(admin, site, `Months${stamp()}`);
    const months = [['March', 2024], ['Feb', '۲۰۲۴'], ['جنوری', 2024], ['حمل', 1403], ['وری', 1402], ['Jadi', 1402], ['لړم', '۱۴۰۲'], ['Farvardin', 1401], ['Hamal', 2023], [6, 1402], ['Smarch', 2024]];
    const book = await workbook([['Child ID', 'Month', 'Year', 'Present', 'Absent', 'Late', 'Excused'], ...months.map(([m, y]) => [a, m, y, 10, 0, 0, 0])]);
    const res = await uploadFile(server(), admin, book, 'months.xlsx', { kind: 'attendance', site_id: site });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    const rows = res.body.data.rows.data as Array<{ values: Record<string, string | null>; errors: Array<{ field: string }> }>;
    expect(rows.map((r) => `${r.values.month}/${r.values.year}`)).toEqual(['3/2024', '2/2024', '1/2024', '4/2024', '4/2023', '1/2024', '11/2023', '4/2022', '4/2023', '9/2023', 'Smarch/2024']);
    expect(rows.slice(0, -1).every((r) => r.errors.length === 0)).toBe(true);
    expect(rows.at(-1)!.errors.map((e) => e.field)).toEqual(['month']);
    // The same month written two ways is one record: Jadi 1402 is January 2024, Hamal 1402 is April 2023.
    expect(res.body.data.import.duplicate_count).toBe(2);
  });

  it('gives templates for results and attendance in the reader\'s language that import as they are', async () => {
    const admin = await loginAdmin(server());
    for (const kind of ['results', 'attendance']) {
      const res = await fetch(`${server().url}/api/imports/templates/${kind}`, { headers: { Authorization: `Bearer ${admin}`, 'Accept-Language': 'ps-AF' } });
      expect(res.status).toBe(200);
      const bytes = await res.arrayBuffer();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes);
      const headings = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
      expect(headings[0]).toBe('د ماشوم پېژندنه');
      expect(book.worksheets[1]!.rowCount).toBe(headings.length + 1);
      const up = await uploadFile(server(), admin, Buffer.from(bytes), `${kind}.xlsx`, { kind, site_id: await firstSiteId(server()) });
      expect(up.status, JSON.stringify(up.body).slice(0, 300)).toBe(201);
      expect(up.body.data.mapping.every((f: string | null) => f !== null)).toBe(true);
    }
  });
});
