import { describe, expect, it } from 'vitest';
import { defaultAttendanceMonth } from '@app/shared/attendance-month';
import { accessibilityViolations } from './support/accessibility.ts';
import { typeDate } from './support/date-field.ts';
import { signIn, signOut } from './support/browser.ts';
import { apiCall } from './support/api.ts';
import { pathOf, setUpBrowserApp } from './support/fixture.ts';

/**
 * A teacher's month through the class screens: "Take Attendance" for a whole class,
 * typed down the columns with Enter and saved as one batch (a missing reason said on the child's
 * row first), then the class's education marks with the grade following each score, and both on
 * a child's details page. The administrator only sets the scene through the API: a Teacher
 * account and three children of one grade. Each new screen is checked by axe.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const suffix = Date.now().toString(36);
const TEACHER = { name: 'Zahra Karimi', email: `teacher.${suffix}@e2e.test`, password: 'Teacher-password-1' };
// A grade no other test fills, and names the seed never has.
const GRADE = '9';
const CHILDREN = [
  { first_name: `Amina${suffix}`, last_name: 'Ahmadi' },
  { first_name: `Bilal${suffix}`, last_name: 'Barakzai' },
  { first_name: `Dunya${suffix}`, last_name: 'Durrani' },
];
const nameOf = (c: (typeof CHILDREN)[number]) => `${c.first_name} ${c.last_name}`;
const ids: number[] = [];

const focusedLabel = () => app.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
const gridCell = (field: string, child: (typeof CHILDREN)[number]) => app.page.getByLabel(`${field} for ${nameOf(child)}`, { exact: true });

describe('a teacher records a class in the browser', () => {
  it('the administrator creates a Teacher account and a class of three', async () => {
    // A staff member sees the children of the sites she holds: the teacher works in the home's one site.
    const sites = await apiCall<{ data: { id: number }[] }>(app.page, 'GET', '/api/sites?no_pagination=true');
    await apiCall(app.page, 'POST', '/api/users', { ...TEACHER, password_confirmation: TEACHER.password, roles: ['Teacher'], site_ids: sites.data.map((s) => s.id) });
    for (const child of CHILDREN) {
      const saved = await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', {
        ...child,
        dob: '2014-02-10',
        gender: 'female',
        admission_date: '2022-09-01',
        status: 'active',
        class_grade: GRADE,
      });
      ids.push(saved.data.id);
    }
    await signOut(app.page);
  });

  it('signs in as the teacher and opens Take Attendance from the overview', async () => {
    await signIn(app.page, TEACHER.email, TEACHER.password);
    await app.page.goto('/dashboard');
    await app.page.getByRole('link', { name: 'Take Attendance' }).click();
    await app.page.waitForURL('**/dashboard/attendance/class');
    await app.page.getByRole('heading', { name: 'Take Attendance' }).waitFor();
    await app.page.getByText('Choose a class to list its children.').waitFor();
  });

  it("enters the class's month down the columns and saves it as one batch", async () => {
    await app.page.getByLabel('Class / Grade').selectOption(GRADE);
    const [amina, bilal, dunya] = CHILDREN as [(typeof CHILDREN)[number], (typeof CHILDREN)[number], (typeof CHILDREN)[number]];
    await gridCell('Present', amina).waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);

    // Enter moves down the column: the present days of all three without the mouse.
    await gridCell('Present', amina).click();
    await app.page.keyboard.type('15');
    await app.page.keyboard.press('Enter');
    expect(await focusedLabel()).toBe(`Present for ${nameOf(bilal)}`);
    await app.page.keyboard.type('18');
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.type('19');
    // Tab moves along the row: Dunya's absent days.
    await app.page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe(`Absent for ${nameOf(dunya)}`);
    await app.page.keyboard.type('1');
    await gridCell('Absent', amina).fill('2');
    await gridCell('Excused', amina).fill('1');
    await gridCell('Reason', amina).fill('Fever');

    // Dunya's absent day has no reason: said on her row, nothing sent.
    let sent = false;
    const onRequest = (r: { url: () => string }) => {
      if (r.url().endsWith('/api/attendances/batch')) sent = true;
    };
    app.page.on('request', onRequest);
    await app.page.getByRole('button', { name: 'Save attendance' }).click();
    await app.page.getByRole('list', { name: `Errors for ${nameOf(dunya)}` }).getByText('Reason is required when there are absent or late days').waitFor();
    app.page.off('request', onRequest);
    expect(sent).toBe(false);
    expect(await accessibilityViolations(app.page)).toEqual([]);

    await gridCell('Reason', dunya).fill('Family visit');
    const saved = app.page.waitForResponse((r) => r.url().endsWith('/api/attendances/batch'));
    await app.page.getByRole('button', { name: 'Save attendance' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).created).toBe(3);
    await app.page.getByText('Attendance saved for 3 children').waitFor();
  });

  it('finds the month prefilled when the grid is opened again', async () => {
    await app.page.reload();
    const [amina] = CHILDREN as [(typeof CHILDREN)[number]];
    await expect.poll(() => gridCell('Present', amina).inputValue()).toBe('15');
    expect(await gridCell('Reason', amina).inputValue()).toBe('Fever');
  });

  it("works on a phone: one card per child, the child's name above its fields, each field whole on screen", async () => {
    await app.page.setViewportSize({ width: 375, height: 740 });
    await app.page.reload();
    const [amina] = CHILDREN as [(typeof CHILDREN)[number]];
    await expect.poll(() => gridCell('Present', amina).inputValue()).toBe('15');
    expect(await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    try {
      // Tab along the card to the reason: the name is above it, the field on screen from side to side.
      await gridCell('Excused', amina).focus();
      await app.page.keyboard.press('Tab');
      expect(await focusedLabel()).toBe(`Reason for ${nameOf(amina)}`);
      const reason = (await gridCell('Reason', amina).boundingBox())!;
      const name = (await app.page.getByRole('rowheader', { name: nameOf(amina) }).boundingBox())!;
      expect(name.x).toBeGreaterThanOrEqual(0);
      expect(name.y + name.height).toBeLessThanOrEqual(reason.y + 1);
      expect(reason.x).toBeGreaterThanOrEqual(0);
      expect(reason.x + reason.width).toBeLessThanOrEqual(375);
    } finally {
      await app.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("enters the class's education results with the grade following each score", async () => {
    await app.page.goto('/dashboard/results');
    await app.page.getByRole('heading', { name: 'Results' }).first().waitFor();
    await app.page.getByText('No results found for the selected criteria').waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await app.page.getByRole('link', { name: 'Enter class results' }).click();
    await app.page.waitForURL('**/dashboard/results/class');

    await app.page.getByLabel('Class / Grade').selectOption(GRADE);
    await app.page.getByLabel('Result Type').selectOption('education');
    await app.page.getByLabel('Subject').fill('Mathematics');
    await app.page.getByLabel('Term').selectOption('First Term');
    await typeDate(app.page, 'Exam Date', { year: new Date().getFullYear(), month: 1, day: 20 });
    await app.page.getByLabel('Total Marks').fill('100');

    const [amina, bilal] = CHILDREN as [(typeof CHILDREN)[number], (typeof CHILDREN)[number]];
    await gridCell('Score', amina).fill('86');
    await gridCell('Average', amina).fill('84');
    const aminaRow = app.page.getByRole('row').filter({ has: app.page.getByRole('rowheader', { name: nameOf(amina) }) });
    await aminaRow.locator('output').filter({ hasText: 'A' }).waitFor();
    await gridCell('Score', bilal).fill('120');
    await gridCell('Average', bilal).fill('70');

    // Bilal's score is above the total: his row says so; Amina's is saved; Dunya's, empty, is left alone.
    await app.page.getByRole('button', { name: 'Save class results' }).click();
    await app.page.getByText('Score: Score cannot exceed total marks (100)').waitFor();
    await aminaRow.getByText('Saved').waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);

    await gridCell('Score', bilal).fill('72');
    await app.page.getByRole('button', { name: 'Save class results' }).click();
    await app.page.getByText('Saved: 1 created, 0 updated').waitFor();
    const bilalRow = app.page.getByRole('row').filter({ has: app.page.getByRole('rowheader', { name: nameOf(bilal) }) });
    await bilalRow.getByText('Saved').waitFor();
    expect(await bilalRow.locator('output').textContent()).toBe('B');
  });

  it('opens the same assessment again and finds its results, and a changed row updates its result instead of adding one', async () => {
    await app.page.reload();
    await app.page.getByLabel('Class / Grade').selectOption(GRADE);
    await app.page.getByLabel('Result Type').selectOption('education');
    await app.page.getByLabel('Subject').fill('Mathematics');
    await app.page.getByLabel('Term').selectOption('First Term');
    await typeDate(app.page, 'Exam Date', { year: new Date().getFullYear(), month: 1, day: 20 });

    const [amina, bilal, dunya] = CHILDREN as [(typeof CHILDREN)[number], (typeof CHILDREN)[number], (typeof CHILDREN)[number]];
    const rowOf = (child: (typeof CHILDREN)[number]) => app.page.getByRole('row').filter({ has: app.page.getByRole('rowheader', { name: nameOf(child) }) });
    // The stored marks fill their rows, their total fills the empty Total Marks.
    await expect.poll(() => gridCell('Score', amina).inputValue()).toBe('86');
    expect(await gridCell('Average', amina).inputValue()).toBe('84');
    expect(await gridCell('Score', bilal).inputValue()).toBe('72');
    expect(await gridCell('Score', dunya).inputValue()).toBe('');
    expect(await app.page.getByLabel('Total Marks').inputValue()).toBe('100');
    await rowOf(amina).getByText('Saved').waitFor();
    await rowOf(bilal).getByText('Saved').waitFor();

    // 45 of 50 is 90 %: the grade follows the percentage of the total marks.
    await app.page.getByLabel('Total Marks').fill('50');
    await gridCell('Score', amina).fill('45');
    expect(await rowOf(amina).locator('output').textContent()).toBe('A+');
    await app.page.getByRole('button', { name: 'Save class results' }).click();
    await app.page.getByText('Saved: 0 created, 1 updated').waitFor();
    await rowOf(amina).getByText('Saved').waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);

    // One Mathematics result for Amina, updated: none added.
    const stored = await apiCall<{ data: Array<{ subject: string; score: number; total: number; grade: string; percent: number }> }>(app.page, 'GET', `/api/results?orphan_id=${ids[0]}`);
    expect(stored.data.filter((r) => r.subject === 'Mathematics').map((r) => [r.score, r.total, r.grade, r.percent])).toEqual([[45, 50, 'A+', 90]]);
  });

  it("sees both on the child's details page", async () => {
    await app.page.goto(`/dashboard/orphans/${ids[0]}`);
    await app.page.getByRole('heading', { name: 'Orphan Details' }).waitFor();
    const results = app.page.getByRole('region', { name: 'Academic Results' });
    const attendance = app.page.getByRole('region', { name: 'Attendance', exact: true });
    // The average as a percentage of the total marks: 45 of 50.
    await results.getByText('90% (1)').first().waitFor();
    expect(await results.getByRole('cell', { name: /First Term/ }).count()).toBe(1);
    // The grid opened on the month attendance is taken for by default (the one before, early in a month).
    const taken = defaultAttendanceMonth();
    const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date(taken.year, taken.month - 1, 1));
    const row = attendance.getByRole('row').filter({ hasText: month });
    await row.waitFor();
    // 15 present, 2 absent, 0 late, 1 excused: (15 + 0) / 18 days.
    expect((await row.getByRole('cell').allTextContents()).slice(1)).toEqual(['15', '2', '0', '1', '83.3%']);
    expect(pathOf(app.page)).toBe(`/dashboard/orphans/${ids[0]}`);
    expect(await accessibilityViolations(app.page)).toEqual([]);
  });

  it('corrects one record through the single forms, whose screens pass axe', async () => {
    await app.page.goto(`/dashboard/attendance?orphan_id=${ids[1]}`);
    const [, bilal] = CHILDREN as [(typeof CHILDREN)[number], (typeof CHILDREN)[number]];
    await app.page.getByRole('link', { name: new RegExp(`^Edit attendance of ${nameOf(bilal)}`) }).click();
    await app.page.getByRole('heading', { name: 'Edit Attendance Record' }).waitFor();
    await expect.poll(() => app.page.getByLabel(/^Present Days/).inputValue()).toBe('18');
    expect(await app.page.getByLabel(/^Orphan/).getAttribute('readonly')).not.toBeNull();
    await app.page.getByLabel(/^Late Days/).fill('1');
    await app.page.getByRole('button', { name: 'Update Attendance' }).click();
    await app.page.getByText('Reason is required when there are absent or late days').waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await app.page.getByLabel(/^Reason for Absence/).fill('Bus was late');
    await app.page.getByRole('button', { name: 'Update Attendance' }).click();
    await app.page.waitForURL((url) => url.pathname === '/dashboard/attendance');
    await app.page.getByText('Attendance updated successfully').waitFor();
    // (The list is checked once the toast has gone: the toast's own colours are not this screen's.)
    await app.page.getByText('Attendance updated successfully').waitFor({ state: 'detached' });
    expect(await accessibilityViolations(app.page)).toEqual([]);

    await app.page.goto('/dashboard/results/create');
    await app.page.getByRole('heading', { name: 'Add New Result' }).waitFor();
    await app.page.getByRole('button', { name: 'Add Result' }).click();
    await app.page.getByText('Orphan is required').waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
  });
});
