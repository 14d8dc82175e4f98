import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { setUpBrowserApp } from './support/fixture.ts';
import { dateField } from './support/date-field.ts';
import { visit } from './support/settle.ts';
import { apiCall } from './support/api.ts';

/**
 * A date filter (orphan list admission dates, gallery dates, activity log dates) applies a whole
 * date only: typing a year digit by digit asks the server nothing until its fourth digit, and the
 * list is never replaced by an error on the way.
 */
const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const SCREENS = [
  { path: '/dashboard/orphans', label: 'Admission From', api: '/api/orphans', param: 'admission_from' },
  // The gallery lists one child's media: a child is chosen first (setUp below).
  { path: '/dashboard/gallery?orphan_id=', label: 'From', api: '/api/galleries', param: 'date_from' },
  { path: '/dashboard/activities', label: 'From date', api: '/api/activities', param: 'date_from' },
] as const;

describe('date filters', () => {
  let childId = 0;
  it('the administrator records a child', async () => {
    const saved = await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', {
      first_name: 'Nadia', last_name: 'Karimi', gender: 'female', dob: '2015-04-02', admission_date: '2025-03-15', class_grade: '4',
    });
    childId = saved.data.id;
  });

  for (const screen of SCREENS) {
    it(`${screen.path}: asks for the day once its year is typed in full`, async () => {
      const page = app.page;
      await visit(page, screen.path.endsWith('=') ? `${screen.path}${childId}` : screen.path);
      const show = page.getByRole('button', { name: 'Show Filters' });
      if (await show.isVisible()) await show.click();
      const field = dateField(page, screen.label);
      await field.waitFor();

      const asked: string[] = [];
      const failed: number[] = [];
      const onRequest = (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname === screen.api && url.searchParams.has(screen.param)) asked.push(url.searchParams.get(screen.param)!);
      };
      page.on('request', onRequest);
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === screen.api && response.status() >= 400) failed.push(response.status());
      });

      // English writes month, day, year: the month and day first, then the year one key at a time.
      const segments = field.getByRole('spinbutton');
      await segments.and(page.locator('[data-type="month"]')).focus();
      await page.keyboard.type('03');
      await segments.and(page.locator('[data-type="day"]')).focus();
      await page.keyboard.type('15');
      await segments.and(page.locator('[data-type="year"]')).focus();
      const applied = page.waitForRequest((r) => new URL(r.url()).pathname === screen.api && new URL(r.url()).searchParams.get(screen.param) === '2025-03-15');
      for (const digit of '2025') await page.keyboard.type(digit);
      await applied;
      await page.waitForURL((url) => url.searchParams.get(screen.param) === '2025-03-15');
      page.off('request', onRequest);

      expect(asked).toEqual(['2025-03-15']);
      expect(failed).toEqual([]);
      expect(await page.getByRole('alert').filter({ hasText: /date/i }).count()).toBe(0);
    });
  }
});
