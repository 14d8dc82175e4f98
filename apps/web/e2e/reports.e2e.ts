import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { accessibilityViolations } from './support/accessibility.ts';
import { typeDate } from './support/date-field.ts';
import { signIn, signOut } from './support/browser.ts';
import { apiCall } from './support/api.ts';
import { setUpBrowserApp } from './support/fixture.ts';

/**
 * A manager's monthly reports: the Orphans List and an Education results export taken
 * from the Reports page, each file saved by the browser and opened with exceljs; a form's rule
 * said on its field with nothing downloaded. The administrator only sets the scene through the
 * API. The page and an open export form are checked by axe.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const suffix = Date.now().toString(36);
const MANAGER = { name: 'Farid Noori', email: `manager.${suffix}@e2e.test`, password: 'Manager-password-1' };
const CHILDREN = [
  { first_name: `Laila${suffix}`, last_name: 'Hashimi', gender: 'female' },
  { first_name: `Nasir${suffix}`, last_name: 'Hashimi', gender: 'male' },
];
const YEAR = new Date().getUTCFullYear() - 1;
const TODAY = new Date().toISOString().slice(0, 10);
const ids: number[] = [];

/** The saved file's first sheet: headings and the data rows as objects keyed by heading. */
async function readDownload(download: Download): Promise<{ headings: string[]; rows: Array<Record<string, unknown>> }> {
  const file = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const headings = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Array<Record<string, unknown>> = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(headings.map((h, i) => [h, (row.values as unknown[])[i + 1] ?? null])));
  });
  return { headings, rows };
}

describe('a manager exports reports in the browser', () => {
  it('the administrator creates a Manager account, two children and their results', async () => {
    await apiCall(app.page, 'POST', '/api/users', { ...MANAGER, password_confirmation: MANAGER.password, roles: ['Manager'], all_sites: true });
    for (const child of CHILDREN) {
      const saved = await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', { ...child, dob: '2013-04-02', admission_date: '2021-09-01', class_grade: '5' });
      ids.push(saved.data.id);
    }
    await apiCall(app.page, 'POST', '/api/results', {
      orphan_id: ids[0], result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: `${YEAR}-04-15`, year: YEAR, total: 100, average: 81, score: 88,
    });
    await apiCall(app.page, 'POST', '/api/results', {
      orphan_id: ids[1], result_type: 'education', subject: 'Geography', term: 'Final', exam_date: `${YEAR}-11-20`, year: YEAR, total: 100, average: 64, score: 61,
    });
    await signOut(app.page);
  });

  it('opens the Reports page, whose buttons and open form pass axe', async () => {
    await signIn(app.page, MANAGER.email, MANAGER.password);
    await app.page.goto('/dashboard/reports');
    await app.page.getByRole('heading', { name: 'Reports', level: 2 }).waitFor();
    for (const name of ['Academic Results', 'Attendance Records', 'Orphans List']) await app.page.getByRole('button', { name }).waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
  });

  it('exports the Orphans List for girls: the saved file holds the seeded girl and not the boy', async () => {
    await app.page.getByRole('button', { name: 'Orphans List' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Export Orphans List' });
    await dialog.waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);

    await dialog.getByLabel('Gender').selectOption('female');
    const downloaded = app.page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`orphans-${TODAY}.xlsx`);
    // Closed (and so reset) once the file is saved.
    await dialog.waitFor({ state: 'detached' });

    const { headings, rows } = await readDownload(download);
    // The child's names, then the site each child is in (the Manager holds every site), then the spec's columns.
    expect(headings.slice(0, 6)).toEqual(['ID', 'First Name', 'Last Name', "Father's Name", 'Site', 'Gender']);
    const names = rows.map((r) => r['First Name']);
    expect(names).toContain(CHILDREN[0]!.first_name);
    expect(names).not.toContain(CHILDREN[1]!.first_name);
    expect(rows.every((r) => r.Gender === 'Female')).toBe(true);
    const laila = rows.find((r) => r['First Name'] === CHILDREN[0]!.first_name)!;
    expect(laila.ID).toBe(ids[0]);
    expect(laila['Date of Birth']).toBeInstanceOf(Date);

    // Opened again, the form starts empty.
    await app.page.getByRole('button', { name: 'Orphans List' }).click();
    expect(await app.page.getByRole('dialog', { name: 'Export Orphans List' }).getByLabel('Gender').inputValue()).toBe('');
    await app.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('refuses an end date before the start date on its field, downloading nothing', async () => {
    await app.page.getByRole('button', { name: 'Academic Results' }).click();
    await app.page.getByRole('menuitem', { name: 'Education' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Export Academic Results: Education' });
    await dialog.waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);

    let sent = false;
    const onRequest = (r: { url: () => string }) => {
      if (r.url().includes('/api/export/')) sent = true;
    };
    app.page.on('request', onRequest);
    await typeDate(dialog, /^Start date/, { year: YEAR, month: 12, day: 31 });
    await typeDate(dialog, /^End date/, { year: YEAR, month: 1, day: 1 });
    await dialog.getByRole('button', { name: 'Export' }).click();
    await dialog.getByText('The start date must be on or before the end date.').waitFor();
    app.page.off('request', onRequest);
    expect(sent).toBe(false);
  });

  it("exports one year's Education results: the saved file has the education columns and the seeded results", async () => {
    const dialog = app.page.getByRole('dialog', { name: 'Export Academic Results: Education' });
    await typeDate(dialog, /^Start date/, { year: YEAR, month: 1, day: 1 });
    await typeDate(dialog, /^End date/, { year: YEAR, month: 12, day: 31 });
    await dialog.getByLabel('Year').selectOption(String(YEAR));
    const downloaded = app.page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`results-${TODAY}.xlsx`);
    await dialog.waitFor({ state: 'detached' });

    const { headings, rows } = await readDownload(download);
    expect(headings).toEqual(expect.arrayContaining(['Subject', 'Term', 'Total', 'Average', 'Score', 'Grade', 'Exam Date']));
    expect(headings).not.toContain('Course Type');
    const ours = rows.filter((r) => ids.includes(r['Orphan ID'] as number));
    expect(ours.map((r) => r.Subject)).toEqual(['Mathematics', 'Geography']);
    expect(ours[0]).toMatchObject({ 'First Name': CHILDREN[0]!.first_name, Term: 'First Term', Total: 100, Average: 81, Score: 88, Grade: 'A', Year: YEAR });
    expect(ours[0]!['Exam Date']).toBeInstanceOf(Date);
  });
});
