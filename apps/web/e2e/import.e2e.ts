import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility.ts';
import { apiCall } from './support/api.ts';
import { signIn, signOut } from './support/browser.ts';
import { setUpBrowserApp } from './support/fixture.ts';

/**
 * A Manager brings 120 children in from a Dari workbook: one column's heading is not recognised,
 * so she maps it to the date of birth herself and the rows' errors clear; two children are
 * already kept, and she skips them; she commits, finds the children in the list, and undoes it.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const suffix = Date.now().toString(36);
const MANAGER = { name: 'Farida Hashimi', email: `importer.${suffix}@e2e.test`, password: 'Manager-password-1' };
const FAMILY = `Karimi${suffix}`;
const FIRST_NAMES = ['مریم', 'زهرا', 'فاطمه', 'لیلا', 'سارا', 'نازنین', 'مینا', 'شبنم', 'هدیه', 'رویا'];
const child = (i: number) => ({ first: `${FIRST_NAMES[i % FIRST_NAMES.length]}${i}`, father: `احمد${i}`, dob: `2014-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}` });

const api = <T>(method: string, url: string, body?: unknown) => apiCall<T>(app.page, method, url, body);

async function dariWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('اطفال');
  // "روز تولد" is no heading the import knows: the Manager maps it herself.
  sheet.addRow(['نام', 'تخلص', 'نام پدر', 'روز تولد', 'جنسیت', 'تاریخ شمولیت', 'صنف']);
  for (let i = 0; i < 120; i++) {
    const c = child(i);
    sheet.addRow([c.first, FAMILY, c.father, c.dob, 'اناث', '۱۴۰۰/۰۶/۱۰', String((i % 12) + 1)]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const rowsSummary = () => app.page.getByText(/^120 rows,/).textContent();

describe('import', () => {
  it('the administrator sets up a Manager and two children already kept', async () => {
    await api('POST', '/api/users', { ...MANAGER, password_confirmation: MANAGER.password, roles: ['Manager'], all_sites: true });
    for (const i of [3, 77]) {
      const c = child(i);
      await api('POST', '/api/orphans', { first_name: c.first, last_name: FAMILY, father_name: c.father, dob: c.dob, gender: 'female', admission_date: '2021-09-01' });
    }
    await signOut(app.page);
  });

  it('the Manager uploads the workbook, maps the unknown column, skips the two duplicates and commits', async () => {
    await signIn(app.page, MANAGER.email, MANAGER.password);
    await app.page.goto('/dashboard/imports');
    await app.page.getByRole('heading', { name: 'Import records' }).waitFor();
    await app.page.getByLabel('Excel (.xlsx) or CSV file').setInputFiles({ name: 'children.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await dariWorkbook() });
    await app.page.getByRole('button', { name: 'Read the file' }).click();
    await app.page.getByRole('heading', { name: '2. Match the columns' }).waitFor();
    expect(await rowsSummary()).toBe('120 rows, 120 with errors, 0 duplicates.');
    // Each error names its row and column; the date of birth has no column yet.
    await app.page.getByText('Row 2, column “Date of Birth”: Date of birth is required').waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);

    await app.page.getByLabel('روز تولد').selectOption({ label: 'Date of Birth' });
    await app.page.getByRole('button', { name: 'Apply the mapping' }).click();
    await expect.poll(rowsSummary, { timeout: 20_000 }).toBe('120 rows, 0 with errors, 2 duplicates.');
    await app.page.getByText('Already kept (ID', { exact: false }).first().waitFor();

    // Each duplicate may have its own choice (the first page holds one of them, row 5); left as for all, both are skipped.
    expect(await app.page.getByLabel('Choice for row 5').inputValue()).toBe('');
    expect(await app.page.getByLabel('Duplicates').inputValue()).toBe('skip');
    await app.page.getByRole('button', { name: 'Commit 120 rows' }).click();
    await app.page.getByText('Imported: 118 created, 0 updated, 2 skipped.').waitFor();
  });

  it('finds the imported children in the list, and undoes the import', async () => {
    await app.page.goto(`/dashboard/orphans?search=${encodeURIComponent(`${child(5).first} ${FAMILY}`)}`);
    await app.page.getByRole('row').filter({ hasText: child(5).first }).first().waitFor();
    await app.page.goto(`/dashboard/orphans?search=${FAMILY}`);
    await app.page.getByText(/of 120 entries/).waitFor();

    await app.page.goto('/dashboard/imports');
    await app.page.getByRole('button', { name: 'Undo the import of children.xlsx' }).click();
    const dialog = app.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Undo' }).click();
    await app.page.getByText('The import was undone.').waitFor();
    await app.page.getByRole('row').filter({ hasText: 'children.xlsx' }).getByText('Undone').waitFor();

    await app.page.goto(`/dashboard/orphans?search=${FAMILY}`);
    await app.page.getByRole('row').filter({ hasText: child(3).first }).first().waitFor();
    await app.page.getByText(/of 2 entries/).waitFor();
  });

  it('the Manager imports the two kept children\'s marks from a results sheet, named by their names and dates of birth', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Marks');
    sheet.addRow(['First name', 'Last name', "Father's name", 'Date of birth', 'Subject', 'Term', 'Exam date', 'Year', 'Total', 'Average', 'Score']);
    for (const i of [3, 77]) sheet.addRow([child(i).first, FAMILY, child(i).father, child(i).dob, 'Mathematics', 'چهارونیم ماهه', '1403/04/15', 2024, 100, 80, 80]);
    await app.page.goto('/dashboard/imports');
    await app.page.getByLabel('What the file holds').selectOption({ label: 'Results' });
    await app.page.getByLabel('Excel (.xlsx) or CSV file').setInputFiles({ name: 'marks.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await book.xlsx.writeBuffer()) });
    await app.page.getByRole('button', { name: 'Read the file' }).click();
    await app.page.getByRole('heading', { name: '2. Match the columns' }).waitFor();
    // The result's fields by the names the result form gives them.
    expect(await app.page.getByLabel('Term', { exact: true }).locator('option:checked').textContent()).toBe('Term');
    await app.page.getByText('2 rows, 0 with errors, 0 duplicates.').waitFor();
    await app.page.getByRole('button', { name: 'Commit 2 rows' }).click();
    await app.page.getByText('Imported: 2 created, 0 updated, 0 skipped.').waitFor();
    const marks = await api<{ data: Array<{ orphan_name: string | null; term: string; exam_date: string }> }>('GET', '/api/results?year=2024&term=First%20Term');
    expect(marks.data.filter((r) => r.orphan_name?.endsWith(FAMILY)).map((r) => [r.term, r.exam_date])).toEqual([['First Term', '2024-07-05'], ['First Term', '2024-07-05']]);
  });
});
