import { solarHijriMonthSpan, solarHijriYearSpan } from '@app/shared/solar-hijri-periods';
import { gregorianParts } from '@app/shared/intl-locale';
import type { DateDisplay } from './format-date.ts';
import { formatNumber } from './format-date.ts';

/**
 * Months and years kept in the Gregorian calendar (an attendance month, a result's school year)
 * for the reader: in the Gregorian calendar, named by Intl in their language; for a Solar Hijri
 * reader, the Solar Hijri months or years they cover with Afghan month names
 * (packages/shared/src/solar-hijri-periods.ts). Every screen writes them through useFormat().
 */

function gregorianMonth(month: number, year: number | undefined, language: string, width: 'long' | 'short'): string {
  const options: Intl.DateTimeFormatOptions = { month: width, timeZone: 'UTC', calendar: 'gregory', ...(year === undefined ? {} : { year: 'numeric' }) };
  const at = new Date(Date.UTC(year ?? 2001, month - 1, 1));
  return gregorianParts(at, language, options).map((p) => p.value).join('');
}

export interface MonthFormatOptions {
  /** A chart's axis: the short Gregorian name (Afghan names are short already). */
  short?: boolean;
}

/**
 * A Gregorian month 1-12, with its year or (a month picker beside a year picker) without:
 * "March 2026", "Hut 1404 – Hamal 1405"; "March", "Hut–Hamal".
 */
export function formatMonth(month: number, year: number | undefined, display: DateDisplay, options: MonthFormatOptions = {}): string {
  if (display.calendar === 'persian') return solarHijriMonthSpan(month, year, display.language);
  return gregorianMonth(month, year, display.language, options.short ? 'short' : 'long');
}

/**
 * A month offered beside a year picker, for `year` when one is chosen: the Gregorian name alone
 * ("March", its year is beside it); for a Solar Hijri reader the months it covers with their
 * years ("Hut 1404 – Hamal 1405"), which the picked Gregorian year does not tell.
 */
export function formatPickerMonth(month: number, year: number | undefined, display: DateDisplay): string {
  return formatMonth(month, display.calendar === 'persian' ? year : undefined, display);
}

/** A Gregorian year: "2026", "۲۰۲۶"; for a Solar Hijri reader the years it covers, "۱۴۰۴–۱۴۰۵". */
export function formatYear(year: number | string, display: DateDisplay): string {
  const n = Number(year);
  if (!Number.isInteger(n)) return String(year);
  return display.calendar === 'persian' ? solarHijriYearSpan(n, display.language) : formatNumber(n, display.language, { useGrouping: false });
}
