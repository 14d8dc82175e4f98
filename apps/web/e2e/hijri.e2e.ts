import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { OrphanResponse, OrphanSavedResponse } from '@app/shared/schemas/orphan.schema';
import { AFGHAN_MONTHS } from '@app/shared/afghan-months';
import { accessibilityViolations } from './support/accessibility.ts';
import { apiCall } from './support/api.ts';
import { dateField, shownDate, typeDate } from './support/date-field.ts';
import { localeText } from './support/locale-text.ts';
import { setUpBrowserApp } from './support/fixture.ts';

/**
 * The Solar Hijri calendar end to end: a staff member chooses it on the
 * profile, enters a child's birthday as the office writes it (1 Farvardin 1393) from the keyboard,
 * and the API stores the Gregorian day (2014-03-21); the details show it back in Solar Hijri. The
 * open date picker passes axe. A Solar Hijri Dari reader's attendance months, school years,
 * overview and charts are Solar Hijri with Afghan month names, in Persian digits only.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });
let orphanId = 0;

const FIRST = `Nargis${Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/** The Iranian month names Intl gives English (Farvardin ... Esfand), which Afghanistan does not use. */
const IRANIAN_NAMES = /Farvardin|Ordibehesht|Khordad|\bTir\b|Mordad|Shahrivar|\bMehr\b|\bAban\b|\bAzar\b|\bDey\b|Bahman|Esfand/;

/** Everything a screen reader is told on the page: accessible labels and values, live announcements, descriptions. */
const spokenText = () =>
  app.page.evaluate(() =>
    [
      ...[...document.querySelectorAll('[aria-label], [aria-valuetext]')].map((el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('aria-valuetext') ?? ''}`),
      ...[...document.querySelectorAll('[data-live-announcer], [id^="react-aria-description"]')].map((el) => el.textContent ?? ''),
      ...[...document.querySelectorAll('h2')].map((el) => el.textContent ?? ''),
    ].join(' | '),
  );

/** The value beside a label in a details card (<dt>label</dt><dd>value</dd>). */
const detail = (label: string) => app.page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

describe('the Solar Hijri calendar in the browser', () => {
  it('is chosen on the profile and saved with the user', async () => {
    await app.page.goto('/dashboard/profile');
    const hijri = app.page.getByRole('radio', { name: /^Solar Hijri/ });
    await hijri.waitFor();
    expect(await app.page.getByRole('radio', { name: /^Gregorian/ }).isChecked()).toBe(true);
    await hijri.check();
    await app.page.getByText('Calendar saved.').waitFor();
    expect(await hijri.isChecked()).toBe(true);
    const { user } = await apiCall<{ user: AuthUser }>(app.page, 'GET', '/api/auth/user');
    expect(user.calendar).toBe('persian');
  });

  it('takes a date of birth typed as a Solar Hijri date and stores its Gregorian day', async () => {
    await app.page.goto('/dashboard/orphans/create');
    await app.page.getByRole('heading', { name: 'Add New Orphan' }).waitFor();
    await app.page.getByLabel(/^First Name/).fill(FIRST);
    await app.page.getByLabel(/^Last Name/).fill('Hashimi');
    await app.page.getByLabel(/^Gender/).selectOption('female');
    // Nowruz 1393, and 10 Sonbola (Shahrivar) 1402, each typed segment by segment.
    await typeDate(app.page, /^Date of Birth/, { year: 1393, month: 1, day: 1 });
    await typeDate(app.page, /^Admission Date/, { year: 1402, month: 6, day: 10 });
    expect(await shownDate(app.page, /^Date of Birth/)).toEqual({ year: '1393', month: '1', day: '1' });

    const saved = app.page.waitForResponse((r) => r.url().endsWith('/api/orphans') && r.request().method() === 'POST');
    await app.page.getByRole('button', { name: 'Add Orphan' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    orphanId = ((await response.json()) as OrphanSavedResponse).data.id;

    const { data } = await apiCall<OrphanResponse>(app.page, 'GET', `/api/orphans/${orphanId}`);
    expect(data.first_name).toBe(FIRST);
    expect(data.dob?.slice(0, 10)).toBe('2014-03-21');
    expect(data.admission_date?.slice(0, 10)).toBe('2023-09-01');
  });

  it('shows the stored dates back in Solar Hijri, in the form and on the details', async () => {
    await app.page.goto(`/dashboard/orphans/${orphanId}`);
    await app.page.getByRole('heading', { name: 'Orphan Details' }).waitFor();
    // The Afghan month names (Hamal, Sunbula), not Intl's Iranian ones (Farvardin, Shahrivar).
    await expect.poll(() => detail('Date of Birth').textContent()).toBe('Hamal 1, 1393');
    expect(await detail('Admission Date').textContent()).toBe('Sunbula 10, 1402');

    await app.page.goto(`/dashboard/orphans/edit/${orphanId}`);
    await dateField(app.page, /^Date of Birth/).waitFor();
    await expect.poll(() => shownDate(app.page, /^Date of Birth/)).toEqual({ year: '1393', month: '1', day: '1' });
  });

  it('opens an accessible Solar Hijri calendar from the keyboard, and picks a day in it', async () => {
    const button = app.page.getByRole('button', { name: /^Choose a date Date of Birth/ });
    await button.focus();
    await app.page.keyboard.press('Enter');
    const dialog = app.page.getByRole('dialog', { name: 'Calendar' });
    await dialog.waitFor();
    // The month by its Afghan name; the week starts on Saturday.
    expect(await dialog.locator('header').textContent()).toBe('Hamal 1393');
    // 1 Hamal 1393 was a Friday, so the first whole week runs from Saturday the 2nd to Friday the 8th.
    const week = dialog.getByRole('row').filter({ has: app.page.getByRole('gridcell', { name: /\b2\b/ }) }).first().getByRole('gridcell');
    expect([await week.first().textContent(), await week.nth(6).textContent()]).toEqual(['2', '8']);
    // A screen reader hears the same Afghan names: the month, each day, the month segment.
    expect(await dialog.getByRole('grid').getAttribute('aria-label')).toMatch(/^Hamal 1393/);
    expect(await dialog.getByRole('button', { name: /Hamal 8, 1393/ }).count()).toBe(1);
    expect(await app.page.locator('[role="spinbutton"][data-type="month"]').first().getAttribute('aria-valuetext')).toBe('1 – Hamal');
    expect(await spokenText()).not.toMatch(IRANIAN_NAMES);
    // Popovers fade in: scan once they are still.
    await expect.poll(() => app.page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    expect(await accessibilityViolations(app.page)).toEqual([]);

    // The selected day has the focus; a week later is 8 Farvardin 1393, 2014-03-28.
    await app.page.keyboard.press('ArrowDown');
    await app.page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await shownDate(app.page, /^Date of Birth/)).toEqual({ year: '1393', month: '1', day: '8' });
    // What react-aria announces and describes of the chosen day names the Afghan month too.
    expect(await spokenText()).toMatch(/Hamal 8, 1393/);
    expect(await spokenText()).not.toMatch(IRANIAN_NAMES);

    const saved = app.page.waitForResponse((r) => new RegExp(`/api/orphans/${orphanId}$`).test(r.url()) && r.request().method() !== 'GET');
    await app.page.getByRole('button', { name: 'Update Orphan' }).click();
    expect((await saved).status()).toBe(200);
    const { data } = await apiCall<OrphanResponse>(app.page, 'GET', `/api/orphans/${orphanId}`);
    expect(data.dob?.slice(0, 10)).toBe('2014-03-28');
  });

  it('works the same in Dari, right to left: Dari digits shown, Latin digits typed, the Gregorian day stored', async () => {
    await app.page.evaluate(([key]) => localStorage.setItem(key!, 'fa-AF'), [STORAGE_KEYS.language]);
    const fa = (ref: string) => localeText('fa-AF', ref);
    // A field's whole label (required ones end in '*'): 'نام' alone, not 'نام پدر'.
    const label = (ref: string) => new RegExp(`^${fa(ref)}\\s*\\*?$`);
    await app.page.goto('/dashboard/orphans/create');
    await app.page.getByRole('heading', { name: fa('orphans:form.createTitle') }).waitFor();
    expect(await app.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await app.page.getByLabel(label('orphans:fields.first_name')).fill(`${FIRST}b`);
    await app.page.getByLabel(label('orphans:fields.last_name')).fill('Hashimi');
    await app.page.getByLabel(label('orphans:fields.gender')).selectOption('female');
    // Nowruz 1390 and 1 Mizan (Mehr) 1400.
    const dob = label('orphans:fields.dob');
    await typeDate(app.page, dob, { year: 1390, month: 1, day: 1 });
    await typeDate(app.page, label('orphans:fields.admission_date'), { year: 1400, month: 7, day: 1 });
    expect(await shownDate(app.page, dob)).toEqual({ year: '۱۳۹۰', month: '۱', day: '۱' });

    // The calendar popover in right-to-left Dari passes axe too.
    await app.page.getByRole('button', { name: new RegExp(`^${fa('common:dateField.open')} ${fa('orphans:fields.dob')}`) }).click();
    const dialog = app.page.getByRole('dialog', { name: fa('common:dateField.dialog') });
    await dialog.waitFor();
    await expect.poll(() => app.page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    expect(await accessibilityViolations(app.page)).toEqual([]);
    // Its days are named with the Afghan month, as the product spells it, for a Dari screen reader.
    expect(await dialog.getByRole('grid').getAttribute('aria-label')).toContain('حمل');
    expect(await spokenText()).not.toMatch(/فروردین|اردیبهشت|خرداد|آذر|اسفند/);
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const saved = app.page.waitForResponse((r) => r.url().endsWith('/api/orphans') && r.request().method() === 'POST');
    await app.page.getByRole('button', { name: fa('orphans:form.create') }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    const id = ((await response.json()) as OrphanSavedResponse).data.id;
    const { data } = await apiCall<OrphanResponse>(app.page, 'GET', `/api/orphans/${id}`);
    expect(data.dob?.slice(0, 10)).toBe('2011-03-21');
    expect(data.admission_date?.slice(0, 10)).toBe('2021-09-23');

    await app.page.goto(`/dashboard/orphans/${id}`);
    const shown = detail(fa('orphans:fields.dob'));
    await expect.poll(() => shown.textContent()).toContain('۱۳۹۰');
    expect(await shown.textContent()).toContain('حمل');
    expect(await shown.textContent()).not.toMatch(/[0-9]/);
    // One digit system: the id and the age are in Dari digits too.
    expect(await detail(fa('orphans:columns.id')).textContent()).toBe(new Intl.NumberFormat('fa-AF', { useGrouping: false }).format(id));
    expect(await detail(fa('orphans:fields.age')).textContent()).toMatch(/^[۰-۹]+$/);
  });

  it('opens the calendar inside a modal form: a day picked with the mouse, Escape closing the calendar and not the form', async () => {
    await app.page.evaluate(([key]) => localStorage.setItem(key!, 'en'), [STORAGE_KEYS.language]);
    await app.page.goto('/dashboard/reports');
    await app.page.getByRole('button', { name: 'Orphans List' }).click();
    const form = app.page.getByRole('dialog', { name: 'Export Orphans List' });
    await form.waitFor();

    await form.getByRole('button', { name: /^Choose a date Admitted from/ }).click();
    const calendar = app.page.getByRole('dialog', { name: 'Calendar' });
    await calendar.waitFor();
    await expect.poll(() => app.page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    expect(await accessibilityViolations(app.page)).toEqual([]);
    // This month, shown in Solar Hijri: its 10th.
    await calendar.getByRole('button', { name: /\b10, 14\d\d\b/ }).click();
    await calendar.waitFor({ state: 'hidden' });
    expect(await form.isVisible()).toBe(true);
    expect((await shownDate(form, /^Admitted from/)).day).toBe('10');

    await form.getByRole('button', { name: /^Choose a date Admitted to/ }).click();
    await calendar.waitFor();
    await app.page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    expect(await form.isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'hidden' });
  });

  it('gives a Solar Hijri Dari reader Solar Hijri months and years, with Afghan names and Persian digits only, on attendance, the overview and a child\'s results', async () => {
    // March 2025's attendance (10 Hut 1403 to 10 Hamal 1404) and a result of the school year 2025.
    const march = await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/attendances', { orphan_id: orphanId, month: 3, year: 2025, present_days: 19, absent_days: 1, late_days: 1, excused_days: 1, absence_reasons: 'Fever' });
    await apiCall(app.page, 'POST', '/api/results', {
      orphan_id: orphanId, result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-10', year: 2025, total: 50, average: 80, score: 45,
    });
    await app.page.evaluate(([key]) => localStorage.setItem(key!, 'fa-AF'), [STORAGE_KEYS.language]);
    const march2025 = 'حوت ۱۴۰۳ – حمل ۱۴۰۴';
    const schoolYear2025 = '۱۴۰۳–۱۴۰۴';
    const main = app.page.locator('main');
    /** The screen's text, with its selects' options and the charts' labels: no Latin digit, no Gregorian month name in Dari. */
    const noLatinDigits = async () => {
      // Text kept as it was written (names, the activity log's record names: dir="auto") and the
      // server's own address (a link written out) are not figures formatted for the reader.
      const text = await main.evaluate((el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[dir="auto"]').forEach((typed) => typed.remove());
        return (copy.textContent ?? '').split(location.hostname).join('');
      });
      expect(text.match(/[0-9]+/g) ?? []).toEqual([]);
      expect(text).not.toMatch(/جنوری|فبروری|مارچ|اپریل|نومبر|دسمبر|فروردین|اسفند/);
    };

    await app.page.goto(`/dashboard/attendance?orphan_id=${orphanId}`);
    await main.getByRole('cell', { name: march2025, exact: true }).waitFor();
    await noLatinDigits();

    // A number field shows its number in Persian digits like the rest, and reads Latin digits typed.
    await app.page.goto(`/dashboard/attendance/edit/${march.data.id}`);
    const present = main.getByLabel(new RegExp(`^${localeText('fa-AF', 'attendance:fields.present_days')}`));
    await expect.poll(() => present.inputValue()).toBe('۱۹');
    await present.fill('');
    await present.pressSequentially('20');
    expect(await present.inputValue()).toBe('۲۰');
    const saved = app.page.waitForResponse((r) => r.url().endsWith(`/api/attendances/${march.data.id}`) && r.request().method() === 'PUT');
    await present.press('Enter');
    expect((await saved).request().postDataJSON()).toMatchObject({ present_days: 20 });
    await apiCall(app.page, 'PUT', `/api/attendances/${march.data.id}`, { orphan_id: orphanId, month: 3, year: 2025, present_days: 19, absent_days: 1, late_days: 1, excused_days: 1, absence_reasons: 'Fever' });

    await app.page.goto('/dashboard/attendance/class?month=3&year=2025');
    const month = main.getByRole('combobox', { name: localeText('fa-AF', 'attendance:filters.month') });
    await month.waitFor();
    await expect.poll(() => month.locator('option:checked').textContent()).toBe(march2025);
    expect(await main.getByRole('combobox', { name: localeText('fa-AF', 'attendance:filters.year') }).locator('option:checked').textContent()).toBe(schoolYear2025);
    await noLatinDigits();

    await app.page.goto(`/dashboard/orphans/${orphanId}`);
    // The results card names the school year, the attendance card the month, both in Solar Hijri.
    await main.getByRole('cell', { name: new RegExp(`^${schoolYear2025} · `) }).waitFor();
    await main.getByRole('cell', { name: march2025, exact: true }).waitFor();
    await noLatinDigits();

    await app.page.goto('/dashboard');
    // The overview's month and its charts' months: Afghan names, Persian digits.
    await main.locator('.recharts-cartesian-axis-tick').first().waitFor({ state: 'attached' });
    await expect.poll(() => main.evaluate((el) => el.textContent ?? '')).toMatch(new RegExp(AFGHAN_MONTHS['fa-AF'].join('|')));
    await noLatinDigits();
    // Recent Activity names the attendance month it recorded the same way, not as "March 2025".
    const entry = main.locator('li', { hasText: `${FIRST} Hashimi: ${march2025}` });
    await entry.first().waitFor();
    expect(await entry.first().textContent()).not.toMatch(/March|[0-9]/);

    // So does the Activity Log.
    await app.page.goto(`/dashboard/activities?subject_type=attendance`);
    const row = main.locator('tr', { hasText: `${FIRST} Hashimi: ${march2025}` });
    await row.first().waitFor();
    expect(await row.first().textContent()).not.toMatch(/March|[0-9]/);
  });
});
