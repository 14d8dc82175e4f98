import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './support/accessibility.ts';
import { apiCall } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { setUpBrowserApp } from './support/fixture.ts';

/**
 * An administrator opens the provincial home as a site on the Sites screen, gives it to a new
 * teacher on the user form, and cannot delete it while it is given to her: the server's refusal
 * is said. The teacher then takes her class's attendance and never meets a child of a Kabul home
 * of the same grade: not in the class, a list, a search, a child selector or the overview's figures
 * and charts. The administrator, who holds every site, narrows a list to one home with its site filter.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const suffix = Date.now().toString(36);
const SITE = `Herat Girls Home ${suffix}`;
const TEACHER = `Soraya Herati ${suffix}`;
const TEACHER_LOGIN = { email: `soraya.${suffix}@e2e.test`, password: 'Teacher-password-1' };
const KABUL = `Kabul Boys Home ${suffix}`;
// One grade, one surname: a search for it, or the class, would hold both for a user of every site.
// Letters only: the teacher may not see id numbers, and a search word with a digit is one.
const GRADE = '5';
const SURNAME = `Sadat${suffix.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
const HERS = { first_name: 'Gulalai', last_name: SURNAME };
const KABULI = { first_name: 'Zarghuna', last_name: SURNAME };
const HER_NAME = `Gulalai ${SURNAME}`;
const KABUL_NAME = `Zarghuna ${SURNAME}`;

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const inDays = (days: number, years: number) => iso(new Date(now.getFullYear() - years, now.getMonth(), now.getDate() + days));
const monthName = (d: Date) => new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(d);

let teacher: Page;
let kabulChildId = 0;
/** What the teacher's page shows of the Kabul child: her name anywhere on it (nothing, once her own child has shown). */
const kabulShown = () => teacher.getByText(KABUL_NAME).count();

describe('sites', () => {
  it('the administrator adds the provincial home on the Sites screen', async () => {
    await app.page.goto('/dashboard/sites');
    await app.page.getByRole('heading', { name: 'Sites', level: 2 }).waitFor();
    await app.page.getByRole('button', { name: 'Add New Site' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Add Site' });
    await dialog.getByLabel('Name', { exact: true }).fill(SITE);
    await dialog.getByLabel('Kind').selectOption({ label: 'Orphanage' });
    await dialog.getByLabel('Province').fill('Herat');
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create Site' }).click();
    await dialog.waitFor({ state: 'detached' });
    await app.page.getByRole('row').filter({ hasText: SITE }).waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
  });

  it('gives the new site to a new teacher on the user form, at once', async () => {
    await app.page.goto('/dashboard/users');
    await app.page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name', { exact: true }).fill(TEACHER);
    await dialog.getByLabel('Email', { exact: true }).fill(TEACHER_LOGIN.email);
    await dialog.getByLabel('Password', { exact: true }).fill(TEACHER_LOGIN.password);
    await dialog.getByLabel('Confirm password').fill(TEACHER_LOGIN.password);
    await dialog.getByLabel('Teacher', { exact: true }).click();
    // The administrator holds every site: the one just added is offered without a reload.
    await dialog.getByLabel(SITE, { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.waitFor({ state: 'detached' });

    await app.page.getByRole('button', { name: `Edit ${TEACHER}` }).click();
    const edit = app.page.getByRole('dialog', { name: 'Edit User' });
    expect(await edit.getByLabel(SITE, { exact: true }).isChecked()).toBe(true);
    expect(await edit.getByLabel('All sites, present and future').isChecked()).toBe(false);
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
  });

  it("refuses to delete a site given to staff, saying the server's reason", async () => {
    await app.page.goto('/dashboard/sites');
    await app.page.getByRole('button', { name: `Delete ${SITE}` }).click();
    await app.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await app.page.getByText('This site is still given to staff members. Take it from them first, or make the site inactive.').waitFor();
    await app.page.getByRole('row').filter({ hasText: SITE }).waitFor();
  });

  it('the administrator admits a child to each home, in one grade, and records the Kabul child', async () => {
    const api = <T>(method: string, url: string, body?: unknown) => apiCall<T>(app.page, method, url, body);
    const kabul = await api<{ data: { id: number } }>('POST', '/api/sites', { name: KABUL, kind: 'orphanage', province: 'Kabul' });
    const sites = await api<{ data: { id: number; name: string }[] }>('GET', '/api/sites?no_pagination=true');
    const herat = sites.data.find((site) => site.name === SITE)!;
    const admitted = { gender: 'female', class_grade: GRADE, status: 'active', admission_date: iso(lastMonth) };
    await api('POST', '/api/orphans', { ...HERS, ...admitted, dob: inDays(200, 9), medical_condition: 'Healthy', site_id: herat.id });
    // The Kabul child would fill every part of the teacher's overview: a birthday, a critical
    // health, last month's attendance and an exam result.
    const other = await api<{ data: { id: number } }>('POST', '/api/orphans', { ...KABULI, ...admitted, dob: inDays(5, 9), medical_condition: 'Critical', site_id: kabul.data.id });
    kabulChildId = other.data.id;
    await api('POST', '/api/attendances', {
      orphan_id: other.data.id, month: lastMonth.getMonth() + 1, year: lastMonth.getFullYear(), present_days: 12, absent_days: 3, late_days: 0, excused_days: 0, absence_reasons: 'Fever',
    });
    await api('POST', '/api/results', {
      orphan_id: other.data.id, result_type: 'education', subject: 'Dari', term: 'Final', exam_date: iso(now), year: String(now.getFullYear()), total: 100, average: 85, score: 85, grade: 'A',
    });
    // Both are in the class for a user of every site.
    const both = await api<{ total: number }>('GET', `/api/orphans?search=${SURNAME}`);
    expect(both.total).toBe(2);
  });

  it('the provincial teacher takes her class attendance: only her child is in the class', async () => {
    teacher = await app.openPage();
    await signIn(teacher, TEACHER_LOGIN.email, TEACHER_LOGIN.password);
    await teacher.goto(`/dashboard/attendance/class?month=${lastMonth.getMonth() + 1}&year=${lastMonth.getFullYear()}`);
    // She holds one site: no site to choose, the class is hers.
    await teacher.getByLabel('Class / Grade').selectOption(GRADE);
    const present = teacher.getByLabel(`Present for ${HER_NAME}`, { exact: true });
    await present.waitFor();
    expect(await teacher.getByRole('rowheader').allTextContents()).toEqual([expect.stringContaining(HER_NAME)]);
    expect(await kabulShown()).toBe(0);
    await present.fill('20');
    await teacher.getByRole('button', { name: 'Save attendance' }).click();
    await teacher.getByText('Attendance saved for 1 child').waitFor();
  });

  it('finds only her child in the lists, the search and the child selectors', async () => {
    await teacher.goto(`/dashboard/orphans?search=${SURNAME}`);
    await teacher.getByRole('row').filter({ hasText: HER_NAME }).waitFor();
    expect(await kabulShown()).toBe(0);

    await teacher.goto('/dashboard/attendance');
    await teacher.getByRole('row').filter({ hasText: HER_NAME }).waitFor();
    expect(await kabulShown()).toBe(0);

    for (const form of ['/dashboard/attendance/create', '/dashboard/results/create']) {
      await teacher.goto(form);
      const options = () => teacher.getByLabel(/^Orphan/).locator('option').allTextContents();
      await expect.poll(async () => (await options()).some((label) => label.includes(HER_NAME))).toBe(true);
      expect((await options()).filter((label) => label.includes(SURNAME))).toHaveLength(1);
    }
  });

  it('counts and charts only her child on the overview', async () => {
    await teacher.goto('/dashboard');
    const card = (key: string) => teacher.getByTestId(`card-${key}`);
    await expect.poll(() => card('total_orphans').textContent()).toBe('1');
    // Kabul's birthday, critical child and the Kabul child's missing records are not hers.
    expect(await card('upcoming_events').textContent()).toBe('0');
    expect(await card('pending_tasks').textContent()).toBe('0');
    const admissions = teacher.getByRole('table', { name: 'Admissions per month: Figures of the chart' });
    expect(await admissions.getByRole('row', { name: new RegExp(`^${monthName(lastMonth)}`) }).getByRole('cell').textContent()).toBe('1');
    // Her 20 days present, not the Kabul child's 12 of 15.
    const attendance = teacher.getByRole('table', { name: 'Attendance rate by month: Figures of the chart' });
    expect(await attendance.getByRole('row', { name: new RegExp(`^${monthName(lastMonth)}`) }).getByRole('cell').allTextContents()).toEqual(['100%', '20']);
    expect(await kabulShown()).toBe(0);
  });

  it('the administrator, who holds every site, narrows the attendance list to one home with its site filter', async () => {
    await app.page.goto(`/dashboard/attendance?month=${lastMonth.getMonth() + 1}&year=${lastMonth.getFullYear()}`);
    await app.page.getByRole('row').filter({ hasText: KABUL_NAME }).waitFor();
    await app.page.getByRole('row').filter({ hasText: HER_NAME }).waitFor();
    await app.page.getByLabel('Site', { exact: true }).selectOption({ label: SITE });
    await expect.poll(() => app.page.getByText(KABUL_NAME).count()).toBe(0);
    await app.page.getByRole('row').filter({ hasText: HER_NAME }).waitFor();
    await app.page.getByLabel('Site', { exact: true }).selectOption({ label: KABUL });
    await app.page.getByRole('row').filter({ hasText: KABUL_NAME }).waitFor();
    await expect.poll(() => app.page.getByText(HER_NAME).count()).toBe(0);
    expect(await accessibilityViolations(app.page)).toEqual([]);
  });

  it('the administrator transfers the Kabul child to the provincial home: the move is in her history, and the child in the teacher\'s class', async () => {
    await app.page.goto(`/dashboard/orphans/${kabulChildId}`);
    await app.page.getByRole('heading', { name: 'Transfers' }).waitFor();
    await app.page.getByText('This child has not moved between sites.').waitFor();
    await app.page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const dialog = app.page.getByRole('dialog', { name: `Transfer ${KABUL_NAME}` });
    // The child's own site is not offered.
    expect(await dialog.getByLabel('To site').locator('option').allTextContents()).not.toContain(KABUL);
    await dialog.getByLabel('To site').selectOption({ label: SITE });
    await dialog.getByLabel('Reason').fill('Her aunt lives in Herat.');
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await app.page.getByText('Child transferred successfully').waitFor();
    await app.page.getByText(`from ${KABUL} to ${SITE}`, { exact: false }).waitFor();
    await app.page.getByText('Her aunt lives in Herat.').waitFor();

    await teacher.goto(`/dashboard/attendance/class?grade=${GRADE}&month=${lastMonth.getMonth() + 1}&year=${lastMonth.getFullYear()}`);
    await teacher.getByLabel(`Present for ${KABUL_NAME}`, { exact: true }).waitFor();
    expect(await teacher.getByRole('rowheader').count()).toBe(2);
  });
});
