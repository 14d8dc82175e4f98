import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { IMPORT_MESSAGES as MSG } from '@app/shared/schemas/import.schema';
import { ORPHAN_MESSAGES } from '@app/shared/schemas/orphan.schema';
import { call, describeEachDatabase, firstSiteId, loginAdmin, userWithRoles } from '../../../test/harness.ts';
import { csv, uploadFile, workbook } from './imports-test-kit.ts';
import { openChildRow } from '../orphans/orphans.service.ts';

const DARI = JSON.parse(readFileSync(new URL('../../../../../packages/shared/src/i18n/messages.fa-AF.json', import.meta.url), 'utf8')) as Record<string, string>;

/** Import of children from a spreadsheet: preview, mapping, duplicates, commit, undo, and every bad input refused with nothing stored. */
describeEachDatabase('imports: children', (server) => {
  const db = () => server().database.db;
  const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const counts = async () => ({
    imports: (await db().selectFrom('imports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    children: (await db().selectFrom('orphans').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  });
  // The rows as the product reads them: sealed values opened.
  const childrenNamed = async (lastName: string) => (await db().selectFrom('orphans').selectAll().where('last_name', '=', lastName).orderBy('id').execute()).map(openChildRow);

  it('previews a Dari workbook (Hijri, Excel-serial and date cells, value lists, a formula), flags duplicates in the file and the site, commits once, logs it, and undoes', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const family = `Rahimi${stamp()}`;
    const kept = await call(server(), 'POST', '/api/orphans', { token: admin, body: { first_name: 'Zahra', last_name: family, father_name: 'Karim', dob: '2015-01-10', gender: 'female', admission_date: '2020-01-01', site_id: site } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    const book = await workbook([
      ['نام', 'تخلص', 'نام پدر', 'تاریخ تولد', 'جنسیت', 'تاریخ شمولیت', 'صنف', 'ملاحظات', 'آدرس', 'Unknown column'],
      ['مریم', family, 'احمد', '۱۳۹۸/۰۵/۱۲', 'اناث', 43680, 'آمادگی', '=1+1', '=1+1', 'x'],
      ['Sara', family, 'Ali', new Date(Date.UTC(2014, 2, 21)), 'دختر', '2021-09-01', 'صنف ۴', { formula: '1+1', result: 2 }, '@SUM(A1:A2)', ''],
      ['ZAHRA ', family, 'karim', '2015-01-10', 'F', '2021-09-01', '3', '', '', ''],
      ['Sara', family, 'Ali', '2014-03-21', 'girl', '2021-09-01', '4', 'twice in the file', '', ''],
      ['', family, '', '1405/13/01', 'unknown', '2021-09-01', '13', '', '', ''],
    ]);
    const before = await counts();
    const res = await uploadFile(server(), admin, book, 'children.xlsx', { kind: 'orphans', site_id: site }, { 'Accept-Language': 'fa-AF' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const preview = res.body.data;
    expect(preview.mapping).toEqual(['first_name', 'last_name', 'father_name', 'dob', 'gender', 'admission_date', 'class_grade', 'notes', 'address', null]);
    expect(preview.import).toMatchObject({ kind: 'orphans', site_id: site, status: 'preview', row_count: 5, error_count: 1, duplicate_count: 2, file_name: 'children.xlsx', can_undo: false });
    const rows = preview.rows.data;
    expect(rows.map((r: { row: number }) => r.row)).toEqual([2, 3, 4, 5, 6]);
    expect(rows[0].values).toMatchObject({ first_name: 'مریم', dob: '2019-08-03', admission_date: '2019-08-03', gender: 'female', class_grade: '0', notes: '=1+1' });
    expect(rows[1].values).toMatchObject({ dob: '2014-03-21', class_grade: '4', notes: '2' });
    expect(rows[2].duplicate).toEqual({ row: null, id: kept.body.data.id });
    expect(rows[3].duplicate).toEqual({ row: 3, id: null });
    // Every message of the bad row, in Dari, each naming its column.
    const bad = rows[4].errors as Array<{ field: string; column: string; message: string }>;
    expect(bad.find((e) => e.field === 'first_name')).toEqual({ field: 'first_name', column: 'نام', message: DARI[ORPHAN_MESSAGES.firstNameRequired] });
    expect(bad.find((e) => e.field === 'dob')?.column).toBe('تاریخ تولد');
    expect(bad.find((e) => e.field === 'dob')?.message).not.toBe(MSG.dateInvalid.replace('{value}', '1405/13/01'));
    expect(bad.find((e) => e.field === 'gender')?.message).toBe(DARI[ORPHAN_MESSAGES.genderInvalid]);
    expect(bad.find((e) => e.field === 'class_grade')?.message).toBe(DARI[ORPHAN_MESSAGES.gradeInvalid]);
    // Staged only: nothing in the records.
    expect((await counts()).children).toBe(before.children);
    const onlyErrors = await call(server(), 'GET', `/api/imports/${preview.import.id}/rows?errors_only=true`, { token: admin });
    expect(onlyErrors.body.data.map((r: { row: number }) => r.row)).toEqual([6]);

    // Any error blocks the commit, unless only the valid rows are asked for.
    const blocked = await call(server(), 'POST', `/api/imports/${preview.import.id}/commit`, { token: admin, body: { duplicates: 'skip', valid_rows_only: false } });
    expect(blocked.status).toBe(422);
    expect(blocked.body.message).toBe(MSG.hasErrors);
    expect((await counts()).children).toBe(before.children);
    const done = await call(server(), 'POST', `/api/imports/${preview.import.id}/commit`, { token: admin, body: { duplicates: 'skip', valid_rows_only: true } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ message: MSG.committed, data: { created: 2, updated: 0, skipped: 3 } });
    const children = await childrenNamed(family);
    expect(children.map((c) => [c.first_name, c.dob, c.gender, c.class_grade, c.notes, c.site_id])).toEqual([
      ['Zahra', '2015-01-10', 'female', null, null, site],
      ['مریم', '2019-08-03', 'female', '0', '=1+1', site],
      ['Sara', '2014-03-21', 'female', '4', '2', site],
    ]);
    const log = await call(server(), 'GET', `/api/activities?subject_type=import&subject_id=${preview.import.id}`, { token: admin });
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({ action: 'imported', name: 'children.xlsx' });

    // A second commit is refused; the history shows it with its counts.
    const again = await call(server(), 'POST', `/api/imports/${preview.import.id}/commit`, { token: admin, body: { duplicates: 'skip', valid_rows_only: true } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.alreadyCommitted);
    const history = await call(server(), 'GET', '/api/imports', { token: admin });
    expect(history.body.data.find((i: { id: number }) => i.id === preview.import.id)).toMatchObject({ status: 'committed', created_count: 2, skipped_count: 3, can_undo: true, user: { name: expect.any(String) } });

    // The formula typed as text is exported as text, never as a formula.
    const exported = await fetch(`${server().url}/api/export/orphans`, { method: 'POST', headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(exported.status).toBe(200);
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(await exported.arrayBuffer());
    const cells: ExcelJS.Cell[] = [];
    out.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    for (const typed of ['=1+1', '@SUM(A1:A2)']) expect(cells.find((c) => c.value === typed)?.type).toBe(ExcelJS.ValueType.String);
    expect(cells.some((c) => c.type === ExcelJS.ValueType.Formula)).toBe(false);

    // Undo: the two children it made are gone; the one kept before stays.
    const undone = await call(server(), 'POST', `/api/imports/${preview.import.id}/undo`, { token: admin });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data).toEqual({ removed: 2, restored: 0 });
    expect((await childrenNamed(family)).map((c) => c.first_name)).toEqual(['Zahra']);
    expect((await call(server(), 'POST', `/api/imports/${preview.import.id}/undo`, { token: admin })).status).toBe(409);
  });

  it('refuses every bad file with a clear message naming the file, and stores nothing', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const before = await counts();
    const header = ['First name', 'Last name', 'DOB', 'Gender', 'Admission date'];
    const refused = async (data: Buffer, name: string, message: string, status = 422) => {
      const res = await uploadFile(server(), admin, data, name, { kind: 'orphans', site_id: site });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.message).toBe(message);
      if (status === 422) expect(res.body.errors.file).toEqual([message]);
    };
    await refused(Buffer.alloc(0), 'empty.csv', MSG.fileEmpty);
    await refused(Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n'), 'children.xlsx', MSG.fileNotSpreadsheet);
    await refused(csv([header]), 'children.xlsx', MSG.fileNotSpreadsheet);
    await refused(await workbook([header]), 'children.csv', MSG.fileNotSpreadsheet);
    await refused(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]), 'broken.xlsx', MSG.workbookUnreadable);
    await refused(Buffer.concat([Buffer.from('First name,Last name\n'), Buffer.from([0xc3, 0x28, 0x0a])]), 'latin.csv', MSG.textNotReadable);
    await refused(csv([header]), 'headings-only.csv', MSG.noRows);
    await refused(csv([['12', '2014-01-01', '3'], ['13', '2015-01-01', '4']]), 'no-heading.csv', MSG.noHeader);
    await refused(csv([header, ...Array.from({ length: 50_001 }, (_, i) => ['A', `B${i}`, '2014-01-01', 'f', '2020-01-01'])]), 'big.csv', MSG.tooManyRows);
    // A zip bomb: one sheet that says it unpacks to gigabytes.
    const bomb = await workbook([header]);
    const directory = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0xfff0_0000, directory + 24);
    await refused(bomb, 'bomb.xlsx', MSG.workbookTooLarge);
    await refused(Buffer.alloc(20 * 1024 * 1024 + 10, 0x41), 'huge.csv', MSG.fileTooLarge, 413);
    const noFile = await call(server(), 'POST', '/api/imports', { token: admin, body: (() => { const f = new FormData(); f.append('kind', 'orphans'); return f; })() });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors.file).toEqual([MSG.fileRequired]);
    const badKind = await uploadFile(server(), admin, csv([header]), 'x.csv', { kind: 'donors' });
    expect(badKind.status).toBe(422);
    expect(badKind.body.errors.kind).toEqual([MSG.kindInvalid]);
    expect(await counts()).toEqual(before);

    // Cells that are read, but whose values are refused row by row, named by row and column.
    const file = csv([
      [...header, 'Notes'],
      ['Amina', 'Kabuli', '31/02/2020', 'f', '2021-01-01', ''],
      ['Amina', 'Kabuli', '03/04/2015', 'f', '2021-01-01', ''],
      ['Amina', 'Kabuli', '1405/13/01', 'f', '2021-01-01', ''],
      ['Amina', 'Kabuli', '2015-04-03', 'f', '2021-01-01', 'x'.repeat(10_001)],
    ], { separator: ';', encoding: 'utf-16le' });
    const res = await uploadFile(server(), admin, file, 'children.csv', { kind: 'orphans', site_id: site });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const errors = res.body.data.rows.data.map((r: { row: number; errors: unknown[] }) => [r.row, r.errors]);
    expect(errors).toEqual([
      [2, [{ field: 'dob', column: 'DOB', message: 'The date 31/02/2020 is not a real date.' }]],
      [3, [{ field: 'dob', column: 'DOB', message: 'The date 03/04/2015 could be day/month or month/day: write it as YYYY-MM-DD.' }]],
      [4, [{ field: 'dob', column: 'DOB', message: 'The date 1405/13/01 is not a real date.' }]],
      [5, [{ field: 'notes', column: 'Notes', message: MSG.cellTooLong }]],
    ]);
    expect((await counts()).children).toBe(before.children);
  });

  it('a CSV with a byte-order mark, and the mapping: corrected on the screen, errors updated, two columns on one field refused', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const family = `Noori${stamp()}`;
    const file = csv([
      ['Given name', 'Surname', 'Born', 'Sex', 'Admitted'],
      ['Laila', family, '2013-05-05', 'girl', '2020-02-02'],
      ['Hamid', family, '2012-06-06', 'boy', '2020-02-02'],
    ], { encoding: 'utf-8-bom' });
    const res = await uploadFile(server(), admin, file, 'children.csv', { kind: 'orphans', site_id: site });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.import.id;
    expect(res.body.data.columns).toEqual(['Given name', 'Surname', 'Born', 'Sex', 'Admitted']);
    expect(res.body.data.mapping).toEqual(['first_name', 'last_name', 'dob', 'gender', 'admission_date']);
    expect(res.body.data.import.error_count).toBe(0);
    const unmapped = await call(server(), 'PUT', `/api/imports/${id}/mapping`, { token: admin, body: { mapping: ['first_name', 'last_name', null, 'gender', 'admission_date'] } });
    expect(unmapped.status).toBe(200);
    expect(unmapped.body.data.import.error_count).toBe(2);
    expect(unmapped.body.data.rows.data[0].errors).toEqual([{ field: 'dob', column: '', message: ORPHAN_MESSAGES.dobRequired }]);
    const twice = await call(server(), 'PUT', `/api/imports/${id}/mapping`, { token: admin, body: { mapping: ['first_name', 'last_name', 'dob', 'dob', 'admission_date'] } });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.mapping).toEqual(['Two columns are mapped to dob.']);
    expect((await call(server(), 'PUT', `/api/imports/${id}/mapping`, { token: admin, body: { mapping: ['first_name'] } })).status).toBe(422);
    expect((await call(server(), 'PUT', `/api/imports/${id}/mapping`, { token: admin, body: { mapping: ['first_name', 'last_name', 'dob', 'gender', 'photo'] } })).status).toBe(422);
    const fixed = await call(server(), 'PUT', `/api/imports/${id}/mapping`, { token: admin, body: { mapping: ['first_name', 'last_name', 'dob', 'gender', 'admission_date'] } });
    expect(fixed.body.data.import.error_count).toBe(0);
    expect((await call(server(), 'POST', `/api/imports/${id}/commit`, { token: admin, body: {} })).body.data).toEqual({ created: 2, updated: 0, skipped: 0 });
    expect((await childrenNamed(family)).map((c) => [c.first_name, c.gender])).toEqual([['Laila', 'female'], ['Hamid', 'male']]);
    // A committed import's mapping is fixed.
    expect((await call(server(), 'PUT', `/api/imports/${id}/mapping`, { token: admin, body: { mapping: ['first_name', 'last_name', 'dob', 'gender', 'admission_date'] } })).status).toBe(409);
  });

  it('5,000 rows with an error in row 4,000: found by the errors-only filter, blocking the commit until only valid rows are asked for', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const family = `Big${stamp()}`;
    const rows: unknown[][] = [['First name', 'Last name', 'DOB', 'Gender', 'Admission date']];
    for (let i = 1; i <= 5000; i++) rows.push([`Child${i}`, family, i === 4000 ? '' : 40000 + (i % 3000), i % 2 ? 'F' : 'M', '2022-01-01']);
    const res = await uploadFile(server(), admin, await workbook(rows, true), 'five-thousand.xlsx', { kind: 'orphans', site_id: site });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
    expect(res.body.data.import).toMatchObject({ row_count: 5000, error_count: 1, duplicate_count: 0 });
    const id = res.body.data.import.id;
    const errors = await call(server(), 'GET', `/api/imports/${id}/rows?errors_only=1`, { token: admin });
    expect(errors.body.total).toBe(1);
    expect(errors.body.data[0]).toMatchObject({ row: 4001, errors: [{ field: 'dob', column: 'DOB', message: ORPHAN_MESSAGES.dobRequired }] });
    const last = await call(server(), 'GET', `/api/imports/${id}/rows?page=100`, { token: admin });
    expect(last.body).toMatchObject({ current_page: 100, last_page: 100, total: 5000 });
    expect(last.body.data.at(-1).row).toBe(5001);
    expect((await call(server(), 'POST', `/api/imports/${id}/commit`, { token: admin, body: { duplicates: 'skip', valid_rows_only: false } })).status).toBe(422);
    expect(await childrenNamed(family)).toHaveLength(0);
    const done = await call(server(), 'POST', `/api/imports/${id}/commit`, { token: admin, body: { duplicates: 'skip', valid_rows_only: true } });
    expect(done.body.data).toEqual({ created: 4999, updated: 0, skipped: 1 });
    expect(await childrenNamed(family)).toHaveLength(4999);
  }, 240_000);

  it('updates kept children with the file\'s non-empty values, per row or for all, undoes it, and refuses an undo once a record changed', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const family = `Update${stamp()}`;
    const make = async (first: string) =>
      (await call(server(), 'POST', '/api/orphans', { token: admin, body: { first_name: first, last_name: family, father_name: 'Wali', dob: '2013-03-03', gender: 'female', admission_date: '2019-01-01', address: 'Old street', site_id: site } })).body.data as { id: number; updated_at: string };
    const one = await make('Nadia');
    const two = await make('Fatima');
    const file = csv([
      ['First name', 'Last name', 'Father name', 'DOB', 'Gender', 'Admission date', 'Address', 'Grade'],
      ['nadia', family, 'WALI', '2013-03-03', 'F', '2019-01-01', 'New street', '5'],
      ['Fatima', family, 'Wali', '2013-03-03', 'F', '2019-01-01', '', '6'],
    ]);
    const res = await uploadFile(server(), admin, file, 'update.csv', { kind: 'orphans', site_id: site });
    expect(res.body.data.rows.data.map((r: { duplicate: unknown }) => r.duplicate)).toEqual([{ row: null, id: one.id }, { row: null, id: two.id }]);
    const commit = await call(server(), 'POST', `/api/imports/${res.body.data.import.id}/commit`, { token: admin, body: { duplicates: 'update', valid_rows_only: false, choices: { 3: 'skip' } } });
    expect(commit.body.data).toEqual({ created: 0, updated: 1, skipped: 1 });
    const after = await childrenNamed(family);
    expect(after.map((c) => [c.first_name, c.address, c.class_grade])).toEqual([['Nadia', 'New street', '5'], ['Fatima', 'Old street', null]]);
    const undo = await call(server(), 'POST', `/api/imports/${res.body.data.import.id}/undo`, { token: admin });
    expect(undo.body.data).toEqual({ removed: 0, restored: 1 });
    expect((await childrenNamed(family)).map((c) => [c.first_name, c.address, c.class_grade, c.updated_at])).toEqual([['Nadia', 'Old street', null, one.updated_at], ['Fatima', 'Old street', null, two.updated_at]]);

    // Changed since: the undo names the record and undoes nothing.
    const again = await uploadFile(server(), admin, file, 'update.csv', { kind: 'orphans', site_id: site });
    expect((await call(server(), 'POST', `/api/imports/${again.body.data.import.id}/commit`, { token: admin, body: { duplicates: 'update' } })).body.data).toEqual({ created: 0, updated: 2, skipped: 0 });
    const current = (await call(server(), 'GET', `/api/orphans/${two.id}`, { token: admin })).body.data;
    expect((await call(server(), 'PUT', `/api/orphans/${two.id}`, { token: admin, body: { ...current, profile: null, site_id: undefined, notes: 'Seen by the nurse' } })).status).toBe(200);
    const refused = await call(server(), 'POST', `/api/imports/${again.body.data.import.id}/undo`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MSG.undoChanged);
    expect(refused.body.errors.records).toEqual([`Fatima ${family} (${two.id})`]);
    expect((await childrenNamed(family)).map((c) => [c.address, c.class_grade])).toEqual([['New street', '5'], ['Old street', '6']]);
  });

  it('keeps to the user\'s sites and permissions: another site\'s import is not found, another site refused, no permission 403', async () => {
    const admin = await loginAdmin(server());
    const siteA = await firstSiteId(server());
    const siteB = (await call(server(), 'POST', '/api/sites', { token: admin, body: { name: `Import B ${stamp()}`, kind: 'orphanage' } })).body.data.id as number;
    const managerA = await userWithRoles(server(), ['Manager'], undefined, { sites: [siteA] });
    const teacher = await userWithRoles(server(), ['Teacher'], undefined, { sites: [siteA] });
    const file = csv([['First name', 'Last name', 'DOB', 'Gender', 'Admission date'], ['Roya', `Scope${stamp()}`, '2014-01-01', 'f', '2020-01-01']]);
    const before = await counts();
    const other = await uploadFile(server(), managerA.token, file, 'x.csv', { kind: 'orphans', site_id: siteB });
    expect(other.status).toBe(422);
    expect(other.body.errors.site_id).toBeDefined();
    expect((await uploadFile(server(), teacher.token, file, 'x.csv', { kind: 'orphans', site_id: siteA })).status).toBe(403);
    expect(await counts()).toEqual(before);
    const inB = await uploadFile(server(), admin, file, 'b.csv', { kind: 'orphans', site_id: siteB });
    expect(inB.status).toBe(201);
    const id = inB.body.data.import.id;
    for (const [method, path, body] of [['GET', `/api/imports/${id}/rows`], ['PUT', `/api/imports/${id}/mapping`, { mapping: ['first_name', 'last_name', 'dob', 'gender', 'admission_date'] }], ['POST', `/api/imports/${id}/commit`, {}], ['POST', `/api/imports/${id}/undo`]] as const) {
      const res = await call(server(), method, path, { token: managerA.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe(MSG.notFound);
    }
    expect((await call(server(), 'GET', '/api/imports', { token: managerA.token })).body.data.some((i: { id: number }) => i.id === id)).toBe(false);
    expect((await call(server(), 'GET', '/api/imports/abc/rows', { token: admin })).status).toBe(404);
  });

  it('stores nothing when a write fails midway through the commit', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const family = `Atomic${stamp()}`;
    // A trigger refuses the third child, as a full disk or a lost connection would stop the commit.
    if (server().dialect === 'sqlite') {
      await sql.raw(`create trigger refuse_third after insert on orphans when new.first_name = 'Third' begin select raise(abort, 'injected'); end`).execute(db());
    } else {
      await sql.raw(`create function refuse_third() returns trigger as $$ begin if new.first_name = 'Third' then raise exception 'injected'; end if; return new; end $$ language plpgsql`).execute(db());
      await sql.raw('create trigger refuse_third after insert on orphans for each row execute function refuse_third()').execute(db());
    }
    const file = csv([['First name', 'Last name', 'DOB', 'Gender', 'Admission date'], ['First', family, '2014-01-01', 'f', '2020-01-01'], ['Second', family, '2014-01-02', 'f', '2020-01-01'], ['Third', family, '2014-01-03', 'f', '2020-01-01']]);
    const res = await uploadFile(server(), admin, file, 'atomic.csv', { kind: 'orphans', site_id: site });
    const failed = await call(server(), 'POST', `/api/imports/${res.body.data.import.id}/commit`, { token: admin, body: {} });
    expect(failed.status).toBe(500);
    expect(await childrenNamed(family)).toHaveLength(0);
    const rows = await db().selectFrom('import_rows').select(['action', 'record_id']).where('import_id', '=', res.body.data.import.id).execute();
    expect(rows.every((r) => r.action === null && r.record_id === null)).toBe(true);
    expect((await db().selectFrom('imports').select('status').where('id', '=', res.body.data.import.id).executeTakeFirstOrThrow()).status).toBe('preview');
    await sql.raw('drop trigger refuse_third' + (server().dialect === 'sqlite' ? '' : ' on orphans')).execute(db());
    expect((await call(server(), 'POST', `/api/imports/${res.body.data.import.id}/commit`, { token: admin, body: {} })).body.data.created).toBe(3);
  });

  it('gives a template in the reader\'s language that imports as it is', async () => {
    const admin = await loginAdmin(server());
    const res = await fetch(`${server().url}/api/imports/templates/orphans`, { headers: { Authorization: `Bearer ${admin}`, 'Accept-Language': 'fa-AF' } });
    expect(res.status).toBe(200);
    const bytes = await res.arrayBuffer();
    const data = Buffer.from(bytes);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes);
    expect(book.worksheets).toHaveLength(2);
    const headings = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(headings.slice(0, 4)).toEqual(['نام', 'تخلص', 'نام پدر', 'نام پدرکلان']);
    expect(book.worksheets[1]!.rowCount).toBe(headings.length + 1);
    const site = await firstSiteId(server());
    const up = await uploadFile(server(), admin, data, 'template.xlsx', { kind: 'orphans', site_id: site });
    expect(up.status, JSON.stringify(up.body).slice(0, 300)).toBe(201);
    expect(up.body.data.mapping.every((f: string | null) => f !== null)).toBe(true);
    expect(up.body.data.import.error_count).toBe(0);
  });

  it('a child twice in the file, with updates chosen: added by the first row, updated by the second, and removed by the undo', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const family = `Twice${stamp()}`;
    const file = csv([
      ['First name', 'Last name', 'DOB', 'Gender', 'Admission date', 'Grade'],
      ['Shabnam', family, '2012-02-02', 'f', '2020-01-01', '3'],
      ['Shabnam', family, '2012-02-02', 'f', '2020-01-01', '4'],
    ]);
    const res = await uploadFile(server(), admin, file, 'twice.csv', { kind: 'orphans', site_id: site });
    expect((await call(server(), 'POST', `/api/imports/${res.body.data.import.id}/commit`, { token: admin, body: { duplicates: 'update' } })).body.data).toEqual({ created: 1, updated: 1, skipped: 0 });
    expect((await childrenNamed(family)).map((c) => c.class_grade)).toEqual(['4']);
    expect((await call(server(), 'POST', `/api/imports/${res.body.data.import.id}/undo`, { token: admin })).body.data).toEqual({ removed: 1, restored: 0 });
    expect(await childrenNamed(family)).toHaveLength(0);
  });

  it('finds the headings below a title merged across the columns', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const family = `Titled${stamp()}`;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('لیست');
    sheet.addRow(['لیست اطفال پرورشگاه ۱۴۰۳']);
    sheet.mergeCells('A1:E1');
    sheet.addRow([]);
    sheet.addRow(['نام', 'تخلص', 'تاریخ تولد', 'جنسیت', 'تاریخ شمولیت']);
    sheet.addRow(['Gulnaz', family, '1393/01/15', 'اناث', '1400/06/10']);
    const res = await uploadFile(server(), admin, Buffer.from(await book.xlsx.writeBuffer()), 'titled.xlsx', { kind: 'orphans', site_id: site });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body.data.columns).toEqual(['نام', 'تخلص', 'تاریخ تولد', 'جنسیت', 'تاریخ شمولیت']);
    expect(res.body.data.rows.data).toMatchObject([{ row: 4, errors: [], values: { dob: '2014-04-04', admission_date: '2021-09-01' } }]);
  });

  it('understands headings over two rows: a group heading merged across its columns, the others merged down', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('لیست');
    sheet.addRow(['نام', 'تخلص', 'پدر', 'تاریخ', '', 'جنسیت', 'Guardian', '']);
    sheet.addRow(['', '', 'نام', 'تولد', 'شمولیت', '', 'Name', 'Phone']);
    for (const range of ['A1:A2', 'B1:B2', 'D1:E1', 'F1:F2', 'G1:H1']) sheet.mergeCells(range);
    sheet.addRow(['Gulnaz', `Grouped${stamp()}`, 'Karim', '1393/01/15', '1400/06/10', 'اناث', 'Aziz', '0700000000']);
    const res = await uploadFile(server(), admin, Buffer.from(await book.xlsx.writeBuffer()), 'grouped.xlsx', { kind: 'orphans', site_id: site });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body.data.columns).toEqual(['نام', 'تخلص', 'نام پدر', 'تاریخ تولد', 'تاریخ شمولیت', 'جنسیت', 'Guardian Name', 'Guardian Phone']);
    expect(res.body.data.mapping).toEqual(['first_name', 'last_name', 'father_name', 'dob', 'admission_date', 'gender', 'guardian_name', 'guardian_contact']);
    expect(res.body.data.rows.data).toMatchObject([{ row: 3, errors: [], values: { father_name: 'Karim', dob: '2014-04-04', admission_date: '2021-09-01', guardian_contact: '0700000000' } }]);
  });

  it('reads a workbook LibreOffice wrote from a CSV, and the text it saves in UTF-16 with tabs, alike', async () => {
    const admin = await loginAdmin(server());
    const site = await firstSiteId(server());
    for (const name of ['children-libreoffice.xlsx', 'children-libreoffice-utf16.csv']) {
      const res = await uploadFile(server(), admin, readFileSync(new URL(`./fixtures/${name}`, import.meta.url)), name, { kind: 'orphans', site_id: site });
      expect(res.status, `${name}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(201);
      expect(res.body.data.mapping, name).toEqual(['first_name', 'last_name', 'father_name', 'dob', 'gender', 'admission_date', 'class_grade', 'notes']);
      expect(res.body.data.import.error_count, name).toBe(0);
      expect(res.body.data.rows.data.map((r: { values: Record<string, string | null> }) => r.values), name).toEqual([
        { first_name: 'مریم', last_name: 'Sadat', father_name: 'احمد', dob: '2019-08-03', gender: 'female', admission_date: '2021-09-01', class_grade: '0', notes: 'یتیم پدر, مادر زنده' },
        { first_name: 'Sara', last_name: 'Sadat', father_name: 'Ali', dob: '2014-03-21', gender: 'female', admission_date: '2021-09-01', class_grade: '4', notes: '2' },
        { first_name: 'Nasrin', last_name: 'Sadat', father_name: 'Wali', dob: '2013-03-21', gender: 'female', admission_date: '2021-09-01', class_grade: '5', notes: null },
      ]);
    }
  });
});
