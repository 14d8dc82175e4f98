import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility.ts';
import { apiCall } from './support/api.ts';
import { signIn, signOut } from './support/browser.ts';
import { setUpBrowserApp } from './support/fixture.ts';
import { localeText } from './support/locale-text.ts';

/**
 * A manager's morning on the overview: the four cards show the figures of
 * children the administrator set up through the API on a fresh database, Upcoming Events opens
 * its list with each event leading to its child, New Admissions leads to the orphan list
 * filtered to this month, and the charts carry their figures for a screen reader. axe checks the
 * overview and the open list.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const suffix = Date.now().toString(36);
const MANAGER = { name: 'Mariam Sadat', email: `manager.${suffix}@e2e.test`, password: 'Manager-password-1' };

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const now = new Date();
const day = (days: number, years = 0) => iso(new Date(now.getFullYear() - years, now.getMonth(), now.getDate() + days));
const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);

// Laila: admitted today, a birthday in five days, critical. Sara: admitted today, needs attention.
// Omid: admitted last month, his October attendance recorded, an exam today (a result's exam date is never in the future).
// Zahra: admitted last month, no attendance recorded for it (Laila and Sara, admitted this month, owe none).
const LAILA = { first_name: 'Laila', last_name: `Noori${suffix}`, dob: day(5, 9), admission_date: day(0), medical_condition: 'Critical' };
const SARA = { first_name: 'Sara', last_name: `Rahimi${suffix}`, dob: day(200, 8), admission_date: day(0), medical_condition: 'Needs Attention' };
const OMID = { first_name: 'Omid', last_name: `Haidari${suffix}`, dob: day(100, 11), admission_date: iso(lastMonth), medical_condition: 'Healthy' };
const ZAHRA = { first_name: 'Zahra', last_name: `Sultani${suffix}`, dob: day(150, 10), admission_date: iso(lastMonth), medical_condition: 'Healthy' };
const ids: Record<string, number> = {};

/** A call to the API from the signed-in page, as the app makes them (support/api.ts). */
const api = <T>(method: string, url: string, body?: unknown) => apiCall<T>(app.page, method, url, body);

const card = (key: string) => app.page.getByTestId(`card-${key}`);

describe('a manager reads the overview', () => {
  it('the administrator sets up a Manager account and four children', async () => {
    await api('POST', '/api/users', { ...MANAGER, password_confirmation: MANAGER.password, roles: ['Manager'], all_sites: true });
    for (const [key, child] of Object.entries({ LAILA, SARA, OMID, ZAHRA })) {
      const saved = await api<{ data: { id: number } }>('POST', '/api/orphans', { ...child, gender: 'female', class_grade: '4' });
      ids[key] = saved.data.id;
    }
    await api('POST', '/api/attendances', {
      orphan_id: ids.OMID, month: lastMonth.getMonth() + 1, year: lastMonth.getFullYear(), present_days: 20, absent_days: 0, late_days: 0, excused_days: 0,
    });
    await api('POST', '/api/results', {
      orphan_id: ids.OMID, result_type: 'education', subject: 'Dari', term: 'Final', exam_date: day(0), year: String(now.getFullYear()), total: 100, average: 85, score: 85, grade: 'A',
    });
    await signOut(app.page);
  });

  it('shows the four figures of the seeded children, with Recent Activity and the charts', async () => {
    await signIn(app.page, MANAGER.email, MANAGER.password);
    await app.page.goto('/dashboard');
    await expect.poll(() => card('total_orphans').textContent()).toBe('4');
    expect(await card('new_admissions').textContent()).toBe('2');
    expect(await card('upcoming_events').textContent()).toBe('2');
    // Zahra has no record for last month; Laila is critical and Sara needs attention.
    expect(await card('pending_tasks').textContent()).toBe('3');
    await app.page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    await expect.poll(() => app.page.getByText(`Omid ${OMID.last_name}`).first().isVisible()).toBe(true);

    // Each chart is one named image, its figures in a table a screen reader reads.
    const admissions = app.page.getByRole('img', { name: 'Admissions per month' });
    await admissions.waitFor();
    const table = app.page.getByRole('table', { name: 'Admissions per month: Figures of the chart' });
    const thisMonth = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(now);
    expect(await table.getByRole('row', { name: new RegExp(`^${thisMonth}`) }).getByRole('cell').textContent()).toBe('2');
    await app.page.getByRole('img', { name: 'Attendance rate by month' }).waitFor();
    await app.page.getByRole('img', { name: 'Results by grade band' }).waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
  });

  it('opens the upcoming events and follows one to the child', async () => {
    await app.page.getByRole('button', { name: /Upcoming Events/ }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Upcoming Events' });
    await dialog.waitFor();
    const items = dialog.getByRole('listitem');
    await items.nth(1).waitFor(); // the list is fetched when the dialog opens
    expect(await items.count()).toBe(2);
    // By date: today's exam, then the birthday in five days.
    expect(await items.nth(0).textContent()).toContain('Exam: Dari');
    expect(await items.nth(1).textContent()).toContain('Birthday, turns 9');
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await dialog.getByRole('link', { name: `Laila ${LAILA.last_name}` }).click();
    await app.page.waitForURL((url) => url.pathname === `/dashboard/orphans/${ids.LAILA}`);
    await app.page.getByRole('heading', { name: 'Orphan Details' }).waitFor({ timeout: 30_000 });
  });

  it('lists the pending tasks, each part with its children', async () => {
    await app.page.goto('/dashboard');
    await app.page.getByRole('button', { name: /Pending Tasks/ }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Pending Tasks' });
    await dialog.waitFor();
    const attendance = dialog.getByRole('region', { name: /Missing attendance/ });
    await attendance.waitFor(); // the lists are fetched when the dialog opens
    expect(await attendance.getByRole('link').allTextContents()).toEqual([`Zahra ${ZAHRA.last_name}`, expect.stringMatching(/^Record attendance/)]);
    const health = dialog.getByRole('region', { name: /Health needing attention/ });
    expect(await health.getByRole('listitem').allTextContents()).toEqual([`Laila ${LAILA.last_name}Critical`, `Sara ${SARA.last_name}Needs Attention`]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('follows New Admissions to the orphan list filtered to this month', async () => {
    await app.page.getByRole('link', { name: /New Admissions/ }).click();
    await app.page.waitForURL((url) => url.pathname === '/dashboard/orphans' && url.searchParams.get('admission_from') === day(0).slice(0, 8) + '01');
    const table = app.page.getByRole('table');
    await table.getByText(LAILA.last_name).first().waitFor();
    const body = await table.textContent();
    expect(body).toContain(LAILA.last_name);
    expect(body).toContain(SARA.last_name);
    expect(body).not.toContain(OMID.last_name);
  });
  it("reads Recent Activity in the Activity Log's words, in Dari, and a language change is not an entry", async () => {
    await app.page.goto('/dashboard');
    await app.page.getByTestId('language-switcher').click();
    await app.page.getByRole('menuitemradio', { name: 'دری', exact: true }).click();
    const recent = app.page.getByRole('region', { name: localeText('fa-AF', 'dashboard:overview.activity.title') });
    await recent.getByText(`Omid ${OMID.last_name}`).first().waitFor();
    await expect.poll(() => recent.textContent()).toContain(`${localeText('fa-AF', 'activities:actions.created')}: Omid ${OMID.last_name}`);
    const text = (await recent.textContent()) ?? '';
    expect(text).toContain(localeText('fa-AF', 'orphans:activitySubjects.orphan'));
    // No code and no English verb; the language just chosen (saved to the profile) is no "Profile updated".
    expect(text).not.toMatch(/created|updated|recorded|_/i);
    expect(text).not.toContain(localeText('fa-AF', 'activities:actions.profile_updated'));
    await app.page.getByTestId('language-switcher').click();
    await app.page.getByRole('menuitemradio', { name: 'English', exact: true }).click();
    await app.page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
  });
});
