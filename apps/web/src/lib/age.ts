import { GregorianCalendar, PersianCalendar, parseDate, toCalendar, type CalendarDate } from '@internationalized/date';
import type { CalendarName } from '@app/shared/constants';
import { parseStoredDate } from './format-date.ts';

/** A stored ISO Gregorian date ('YYYY-MM-DD', or the date part of a timestamp) as a day in `calendar`, or null. */
function dayIn(iso: string, calendar: CalendarName): CalendarDate | null {
  const day = iso.slice(0, 10);
  if (!parseStoredDate(day)) return null;
  const date = parseDate(day);
  return calendar === 'persian' ? toCalendar(date, new PersianCalendar()) : toCalendar(date, new GregorianCalendar());
}

/**
 * Whole years from a birth date to a day (both stored ISO Gregorian), counted in the reader's
 * calendar: a birthday is the day the date of birth comes round again *in that calendar*. The
 * two calendars' anniversaries can be a day apart: a child born on Nowruz 1387 (2008-03-20)
 * turns 17 on 1 Farvardin 1404, which is 2025-03-21, a day after the Gregorian anniversary; the
 * Solar Hijri reader sees the age their calendar gives. Born on the last day of a leap year's
 * last month (29 Feb, 30 Esfand), one is a year older the day after the month's last day.
 * Null without a real date or for a birth after `on`.
 */
export function ageOn(birth: string | null | undefined, on: string, calendar: CalendarName = 'gregorian'): number | null {
  if (!birth) return null;
  const b = dayIn(birth, calendar);
  const o = dayIn(on, calendar);
  if (!b || !o) return null;
  let age = o.year - b.year;
  if (o.month < b.month || (o.month === b.month && o.day < b.day)) age -= 1;
  return age < 0 ? null : age;
}
