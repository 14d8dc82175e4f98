import type { Locator, Page } from 'playwright-core';

/** A day as the segments of a date field read it, in the field's calendar (Gregorian or Solar Hijri). */
export interface DayParts {
  year: number;
  month: number;
  day: number;
}

/** An ISO 'YYYY-MM-DD' as Gregorian parts. */
export function isoParts(iso: string): DayParts {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The date field (react-aria DatePicker) its label names: the group of segments. */
export function dateField(scope: Page | Locator, label: string | RegExp): Locator {
  return scope.getByRole('group', { name: label });
}

/**
 * Type a day into a date field from the keyboard, segment by segment as a staff member does:
 * whatever order the language writes the segments in (month/day/year in English, year/month/day
 * in Dari), each gets its part. Typing into a focused segment replaces what it held.
 */
export async function typeDate(scope: Page | Locator, label: string | RegExp, parts: DayParts): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const segments = dateField(scope, label).getByRole('spinbutton');
  const count = await segments.count();
  for (let i = 0; i < count; i += 1) {
    const segment = segments.nth(i);
    const type = (await segment.getAttribute('data-type')) as keyof DayParts | 'era' | null;
    if (type !== 'year' && type !== 'month' && type !== 'day') continue;
    await segment.focus();
    await page.keyboard.type(String(parts[type]).padStart(type === 'year' ? 4 : 2, '0'));
  }
}

/** What a date field shows, part by part (in its calendar). */
export async function shownDate(scope: Page | Locator, label: string | RegExp): Promise<Partial<Record<keyof DayParts, string>>> {
  const segments = dateField(scope, label).getByRole('spinbutton');
  const shown: Partial<Record<keyof DayParts, string>> = {};
  for (const segment of await segments.all()) {
    const type = await segment.getAttribute('data-type');
    if (type === 'year' || type === 'month' || type === 'day') shown[type] = (await segment.textContent()) ?? '';
  }
  return shown;
}
