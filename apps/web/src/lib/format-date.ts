import type { CalendarName } from '@app/shared/constants';
import { solarHijriParts } from '@app/shared/afghan-months';
import { gregorianParts, intlLocale } from '@app/shared/intl-locale';

/**
 * The one place dates and numbers become text: every date goes through
 * Intl.DateTimeFormat in the reader's language and calendar, every number through
 * Intl.NumberFormat, so Dari and Pashto get their own digits (۰۱۲) and month names, and a
 * Solar Hijri reader sees 1405 dates. What is stored never changes: ISO Gregorian dates and
 * UTC timestamps.
 */

/** How a reader wants dates: their language and their calendar. */
export interface DateDisplay {
  language: string;
  calendar: CalendarName;
}

/**
 * - `medium`: the language's own form (Nov 23, 2026 · ۲ قوس ۱۴۰۵), the default;
 * - `long`: with the full month name;
 * - `numeric`: year/month/day, the way Kabul offices write dates (1405/09/02, ۱۴۰۵/۰۹/۰۲);
 * - `year`: the year alone.
 */
export type DateStyle = 'medium' | 'long' | 'numeric' | 'year';

export interface DateFormatOptions {
  style?: DateStyle;
  /** Add the time of day (timestamps only; a date-only value has none). */
  withTime?: boolean;
}

/** Intl's names: the Gregorian calendar is 'gregory' there. */
const INTL_CALENDAR: Record<CalendarName, string> = { gregorian: 'gregory', persian: 'persian' };

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SQL_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/;

/**
 * The instant a stored value stands for, and whether it is a date without a time. A date-only
 * value ('YYYY-MM-DD': a birthday, an exam day) is a calendar day, so it is read and shown at
 * UTC midnight: shown in the browser's zone it would move a day back west of Greenwich.
 */
export function parseStoredDate(value: string): { date: Date; dateOnly: boolean } | null {
  const day = DATE_ONLY.exec(value);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    // setUTCFullYear, not Date.UTC: that reads years 0-99 as 1900-1999, and a year being typed passes through them.
    const date = new Date(0);
    date.setUTCFullYear(y, m - 1, d);
    // 2026-02-31 would roll over into March: not a real date.
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
    return { date, dateOnly: true };
  }
  // SQLite answers "YYYY-MM-DD HH:MM:SS" (UTC); made ISO so every browser reads it the same.
  const iso = SQL_TIMESTAMP.test(value) && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : { date, dateOnly: false };
}

function intlOptions(style: DateStyle, calendar: CalendarName, withTime: boolean, dateOnly: boolean): Intl.DateTimeFormatOptions {
  const base: Intl.DateTimeFormatOptions = { calendar: INTL_CALENDAR[calendar], ...(dateOnly ? { timeZone: 'UTC' } : {}) };
  const time: Intl.DateTimeFormatOptions = withTime && !dateOnly ? { hour: 'numeric', minute: '2-digit' } : {};
  switch (style) {
    case 'numeric':
      return { ...base, ...time, year: 'numeric', month: '2-digit', day: '2-digit' };
    case 'year':
      return { ...base, year: 'numeric' };
    case 'long':
      return { ...base, ...time, year: 'numeric', month: 'long', day: 'numeric' };
    default:
      return { ...base, ...time, year: 'numeric', month: 'short', day: 'numeric' };
  }
}

/**
 * Year/month/day from the parts, whatever order the language writes a numeric date in: the
 * Kabul office form, 1405/09/02 (in the language's digits).
 */
function numericDate(parts: Intl.DateTimeFormatPart[]): string {
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = [pick('year'), pick('month'), pick('day')].join('/');
  const hour = pick('hour');
  if (!hour) return day;
  const period = pick('dayPeriod');
  return `${day} ${hour}:${pick('minute')}${period ? ` ${period}` : ''}`;
}

/**
 * A stored date or timestamp for the reader: '-' when empty, the value unchanged when it is
 * not a date (better than "Invalid Date").
 */
export function formatDate(value: string | null | undefined, display: DateDisplay, options: DateFormatOptions = {}): string {
  if (!value) return '-';
  const parsed = parseStoredDate(value);
  if (!parsed) return value;
  const style = options.style ?? 'medium';
  const intl = intlOptions(style, display.calendar, options.withTime ?? false, parsed.dateOnly);
  let parts: Intl.DateTimeFormatPart[];
  if (display.calendar === 'persian') parts = solarHijriParts(parsed.date, display.language, intl);
  else parts = gregorianParts(parsed.date, display.language, intl);
  return style === 'numeric' ? numericDate(parts) : parts.map((p) => p.value).join('');
}

/**
 * A number as the reader's language writes it (Dari and Pashto: ۱۲۳٫۴), '-' when there is none.
 * A numeric string ("1250.00" from the API) is read as the number it holds.
 */
export function formatNumber(value: number | string | null | undefined, language: string, options: Intl.NumberFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  try {
    return new Intl.NumberFormat(intlLocale(language), options).format(n);
  } catch {
    return new Intl.NumberFormat('en', options).format(n);
  }
}

/** A record's id in the reader's digits (۱۲۳۴ in Dari and Pashto), without grouping: an id is a label, not an amount. */
export function formatId(value: number | string | null | undefined, language: string): string {
  return formatNumber(value, language, { useGrouping: false });
}

/**
 * The calendar a reader gets before signing in (and a signed-in user whose stored answer
 * predates the setting): Solar Hijri for Dari and Pashto, Gregorian for English. Afghans
 * reading Dari or Pashto write dates in the Solar Hijri calendar (the office writes
 * 1405-09-02); English readers of the public site are mostly donors and visitors abroad who
 * expect Gregorian dates. A signed-in user's own setting always wins.
 */
export function defaultCalendarFor(language: string): CalendarName {
  const base = language.toLowerCase().split('-')[0];
  return base === 'fa' || base === 'ps' || base === 'prs' ? 'persian' : 'gregorian';
}

/** Today as an ISO 'YYYY-MM-DD' in the browser's own day (not UTC's, which is still yesterday in Kabul before 04:30). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
