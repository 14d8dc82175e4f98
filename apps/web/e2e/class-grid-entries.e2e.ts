import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api.ts';
import { shownDate, typeDate } from './support/date-field.ts';
import { pathOf, setUpBrowserApp } from './support/fixture.ts';

/**
 * What a teacher types in a class grid is not lost without a word: changing the month, the class
 * or the result type, or leaving the page, asks first while entries are unsaved; Enter class
 * results keeps its whole assessment in the address, so a reload opens it again. Two children of
 * the same name are told apart by their father's name in the grids, and by grade and id in the
 * selectors.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const suffix = Date.now().toString(36);
// A grade no other test fills; two children of the same name, told apart by their fathers.
const GRADE = '11';
const TWINS = [
  { first_name: `Khadija${suffix}`, last_name: 'Stanikzai', father_name: 'Jawad' },
  { first_name: `Khadija${suffix}`, last_name: 'Stanikzai', father_name: 'Nasir' },
];
const NAME = `Khadija${suffix} Stanikzai`;
const ids: number[] = [];

const present = () => app.page.getByLabel(`Present for ${NAME}`, { exact: true }).first();
const discardDialog = () => app.page.getByRole('dialog', { name: 'Discard unsaved entries?' });

describe('unsaved class grid entries', () => {
  it('the administrator adds two children of the same name to one class', async () => {
    for (const child of TWINS) {
      const saved = await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', {
        ...child,
        dob: '2011-04-12',
        gender: 'female',
        admission_date: '2020-09-01',
        status: 'active',
        class_grade: GRADE,
      });
      ids.push(saved.data.id);
    }
  });

  it("shows each child's father under the name in the grid", async () => {
    await app.page.goto(`/dashboard/attendance/class?grade=${GRADE}&month=3&year=${new Date().getFullYear()}`);
    await present().waitFor();
    const headers = await app.page.getByRole('rowheader', { name: new RegExp(NAME) }).allTextContents();
    expect(headers.sort()).toEqual([`${NAME}Father: Jawad`, `${NAME}Father: Nasir`]);
  });

  it('asks before a month change discards typed days, and keeps them when the teacher stays', async () => {
    await present().fill('17');
    await app.page.getByLabel('Month').selectOption('2');
    await discardDialog().waitFor();
    await discardDialog().getByRole('button', { name: 'Cancel' }).click();
    await discardDialog().waitFor({ state: 'detached' });
    expect(await app.page.getByLabel('Month').inputValue()).toBe('3');
    expect(new URL(app.page.url()).searchParams.get('month')).toBe('3');
    expect(await present().inputValue()).toBe('17');

    await app.page.getByLabel('Month').selectOption('2');
    await discardDialog().getByRole('button', { name: 'Discard entries' }).click();
    await app.page.waitForURL((url) => url.searchParams.get('month') === '2');
    await expect.poll(() => present().inputValue()).toBe('');
  });

  it('asks before leaving Take Attendance with typed days', async () => {
    await present().fill('12');
    await app.page.getByRole('link', { name: 'Back to Attendance' }).click();
    await discardDialog().waitFor();
    await discardDialog().getByRole('button', { name: 'Cancel' }).click();
    expect(pathOf(app.page)).toBe('/dashboard/attendance/class');
    expect(await present().inputValue()).toBe('12');
    await app.page.getByRole('link', { name: 'Back to Attendance' }).click();
    await discardDialog().getByRole('button', { name: 'Discard entries' }).click();
    await app.page.waitForURL('**/dashboard/attendance');
  });

  it('lets a saved month go without asking', async () => {
    await app.page.goto(`/dashboard/attendance/class?grade=${GRADE}&month=3&year=${new Date().getFullYear()}`);
    await present().waitFor();
    const cells = await app.page.getByLabel(`Present for ${NAME}`, { exact: true }).all();
    expect(cells).toHaveLength(2);
    for (const cell of cells) await cell.fill('20');
    await app.page.getByRole('button', { name: 'Save attendance' }).click();
    await app.page.getByText('Attendance saved for 2 children').waitFor();
    await app.page.getByLabel('Month').selectOption('2');
    await app.page.waitForURL((url) => url.searchParams.get('month') === '2');
    expect(await discardDialog().count()).toBe(0);
  });

  it('keeps the whole assessment of Enter class results in the address: a reload opens it again', async () => {
    await app.page.goto('/dashboard/results/class');
    await app.page.getByLabel('Class / Grade').selectOption(GRADE);
    await app.page.getByLabel('Result Type').selectOption('course');
    await app.page.getByLabel('Subject').fill('English');
    await app.page.getByLabel('Course Type').selectOption({ index: 1 });
    await app.page.getByLabel('Term').selectOption({ index: 1 });
    await typeDate(app.page, 'Exam Date', { year: new Date().getFullYear(), month: 1, day: 20 });
    await app.page.getByLabel('Total Marks').fill('80');
    await app.page.getByLabel('Assessed By').fill('Ms Rahimi');
    const chosen = async () => ({
      grade: await app.page.getByLabel('Class / Grade').inputValue(),
      type: await app.page.getByLabel('Result Type').inputValue(),
      subject: await app.page.getByLabel('Subject').inputValue(),
      course: await app.page.getByLabel('Course Type').inputValue(),
      term: await app.page.getByLabel('Term').inputValue(),
      date: await shownDate(app.page, 'Exam Date'),
      total: await app.page.getByLabel('Total Marks').inputValue(),
      by: await app.page.getByLabel('Assessed By').inputValue(),
    });
    const before = await chosen();
    expect(before).toMatchObject({ grade: GRADE, type: 'course', subject: 'English', total: '80', by: 'Ms Rahimi' });
    await app.page.reload();
    await app.page.getByLabel(`Score for ${NAME}`, { exact: true }).first().waitFor();
    expect(await chosen()).toEqual(before);
  });

  it('asks before a change of result type discards typed marks', async () => {
    const score = app.page.getByLabel(`Score for ${NAME}`, { exact: true }).first();
    await score.fill('64');
    await app.page.getByLabel('Result Type').selectOption('education');
    await discardDialog().getByRole('button', { name: 'Cancel' }).click();
    expect(await app.page.getByLabel('Result Type').inputValue()).toBe('course');
    expect(await score.inputValue()).toBe('64');
    // Typing more of the assessment (not what the grid is for) keeps the marks and asks nothing.
    await app.page.getByLabel('Subject').fill('English II');
    expect(await score.inputValue()).toBe('64');
    expect(await discardDialog().count()).toBe(0);
  });

  it('names each child in the selectors by grade and id', async () => {
    // The typed mark is left unsaved: the browser's "Leave page?" is answered yes.
    app.page.once('dialog', (dialog) => void dialog.accept());
    await app.page.goto('/dashboard/results/create');
    const options = () => app.page.getByLabel(/^Orphan/).locator('option').allTextContents();
    for (const [index, child] of TWINS.entries()) {
      await expect.poll(options).toContain(`${NAME} (${child.father_name}) · Grade ${GRADE} · ID ${ids[index]}`);
    }
  });
});
