import { afghanMonthName, solarHijriDay } from './afghan-months.ts';
import { intlLocale } from './intl-locale.ts';

/**
 * What a month or year kept in the Gregorian calendar (an attendance month, a result's school
 * year) is for a Solar Hijri reader: the Solar Hijri months or years it covers, from the one its
 * first day falls in to the one its last day falls in (docs/decisions, "Gregorian months for a
 * Solar Hijri reader"). A Gregorian month always straddles two Solar Hijri months (they begin
 * between the 19th and the 23rd), a Gregorian year two Solar Hijri years (Nowruz is in March).
 * The screens, the exports and the progress report all write them from here.
 */

export interface SolarHijriMonth {
  year: number;
  month: number;
}

/** The Solar Hijri months the Gregorian `month` (1-12) of `year` begins and ends in. */
export function solarHijriMonthsOf(year: number, month: number): { first: SolarHijriMonth; last: SolarHijriMonth } {
  const pad = (n: number) => String(n).padStart(2, '0');
  // Day 0 of the next month is this month's last day (28 or 29 in February, by the year).
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const at = (day: number) => {
    const d = solarHijriDay(`${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`)!;
    return { year: d.year, month: d.month };
  };
  return { first: at(1), last: at(days) };
}

/** The Solar Hijri years the Gregorian `year` covers: the one before Nowruz and the one from it. */
export function solarHijriYearsOf(year: number): { first: number; last: number } {
  return { first: year - 622, last: year - 621 };
}

/** A whole number (a year) in `language`'s digits, ungrouped: 1405, ۱۴۰۵. */
function yearText(year: number, language: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(language), { useGrouping: false }).format(year);
  } catch {
    return String(year);
  }
}

/** The dash between the two ends of a span: an en dash, as written in all three languages. */
const SPAN = '–';

/**
 * The Solar Hijri months a Gregorian month covers, with Afghan month names in `language`:
 * "Jadi–Dalw 1404" (January 2026), "Hut 1404 – Hamal 1405" (March 2026), or without the year
 * when `year` is left out ("Jadi–Dalw", a month picker beside its own year picker: the pair is
 * the same every year).
 */
export function solarHijriMonthSpan(month: number, year: number | undefined, language: string): string {
  const { first, last } = solarHijriMonthsOf(year ?? 2001, month);
  const name = (m: SolarHijriMonth) => afghanMonthName(m.month, language);
  if (year === undefined) return `${name(first)}${SPAN}${name(last)}`;
  if (first.year === last.year) return `${name(first)}${SPAN}${name(last)} ${yearText(first.year, language)}`;
  return `${name(first)} ${yearText(first.year, language)} ${SPAN} ${name(last)} ${yearText(last.year, language)}`;
}

/** The Solar Hijri years a Gregorian year covers, in `language`'s digits: "1404–1405" for 2026. */
export function solarHijriYearSpan(year: number, language: string): string {
  const { first, last } = solarHijriYearsOf(year);
  return `${yearText(first, language)}${SPAN}${yearText(last, language)}`;
}
