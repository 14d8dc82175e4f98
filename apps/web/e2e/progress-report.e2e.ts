import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import { accessibilityViolations } from './support/accessibility.ts';
import { signIn, signOut } from './support/browser.ts';
import { apiCall } from './support/api.ts';
import { setUpBrowserApp } from './support/fixture.ts';
import { settle } from './support/settle.ts';

/**
 * A sponsor's progress report: a caseworker opens a child's details in Dari and saves
 * the report the button makes; the saved PDF is read back with pdftotext (poppler-utils,
 * scripts/install-system-deps.sh). The administrator only sets the scene through the API.
 */

const run = promisify(execFile);
const app = setUpBrowserApp({ pagePer: 'file', signedIn: true, context: { acceptDownloads: true } });

const suffix = Date.now().toString(36);
const CASEWORKER = { name: 'Zahra Karimi', email: `caseworker.${suffix}@e2e.test`, password: 'Caseworker-password-1' };
const CHILD = { first_name: 'مریم', last_name: 'احمدی', father_name: 'احمد', gender: 'female', dob: '2014-03-21', admission_date: '2021-03-01', class_grade: '5' };
const YEAR = new Date().getUTCFullYear() - 1;
let childId = 0;

describe('a caseworker saves a child\'s progress report in Dari', () => {
  it('the administrator creates a Caseworker account and a child with results and attendance', async () => {
    await apiCall(app.page, 'POST', '/api/users', { ...CASEWORKER, password_confirmation: CASEWORKER.password, roles: ['Caseworker'], all_sites: true });
    childId = (await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', CHILD)).data.id;
    for (const [subject, score] of [['ریاضی', 84], ['دری', 91]] as const) {
      await apiCall(app.page, 'POST', '/api/results', { orphan_id: childId, result_type: 'education', subject, term: 'First Term', exam_date: `${YEAR}-04-15`, year: YEAR, total: 100, average: 80, score, grade: 'A' });
    }
    await apiCall(app.page, 'POST', '/api/attendances', { orphan_id: childId, month: 3, year: YEAR, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0 });
    await signOut(app.page);
  });

  it('opens the child in Dari and saves the report under the child\'s name; the PDF reads in Dari', async () => {
    await app.page.goto('/login');
    await signIn(app.page, CASEWORKER.email, CASEWORKER.password);
    // The app applies the user's stored language after sign-in: let it finish before choosing here.
    await settle(app.page);
    // The language the app remembers in this browser: Dari, right to left.
    await app.page.evaluate(([key, language]) => localStorage.setItem(key, language), [STORAGE_KEYS.language, 'fa-AF'] as const);
    await app.page.goto(`/dashboard/orphans/${childId}`);
    const button = app.page.getByRole('button', { name: 'گزارش پیشرفت' });
    await button.waitFor();
    expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await accessibilityViolations(app.page)).toEqual([]);

    const downloaded = app.page.waitForEvent('download');
    await button.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^progress-report-مریم-احمدی-\d{4}-\d{2}-\d{2}\.pdf$/);

    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', await download.path(), '-']);
    const text = stdout.replace(/[\u200e\u200f\u202a-\u202e]/g, '');
    expect(text).toContain('گزارش پیشرفت');
    expect(text).toContain('مریم احمدی');
    expect(text).toContain('ریاضی');
    // The term's education average, (84 + 91) / 2, in Persian digits.
    expect(text).toContain(new Intl.NumberFormat('fa-AF').format(87.5));
    // The button is ready for another report once this one is saved.
    expect(await button.isEnabled()).toBe(true);
  });
});
