import { AFGHAN_MONTHS } from '@app/shared/afghan-months';
import { MONTH_NAMES } from '@app/shared/schemas/attendance.schema';
import { foldHeading } from './orphan-import-fields.ts';

/**
 * An attendance sheet's month and year as the records keep them (a Gregorian month 1-12 and its
 * year). The month may be written as a number or a name: Gregorian in English, Dari or Pashto
 * (March, Mar, مارچ), or Solar Hijri as Afghanistan names it (Hamal, حمل, وری) or as Iran does
 * (Farvardin, فروردین). A Solar Hijri month is recorded as the Gregorian month that holds most of
 * its days (Hamal, 21 March to 20 April: April), the month it is entered for at the month's end.
 * A year from 1200 to 1600 is a Solar Hijri year, as in dates, and makes a month number Solar Hijri too.
 */

const GREGORIAN: readonly (readonly string[])[] = [
  MONTH_NAMES,
  MONTH_NAMES.map((m) => m.slice(0, 3)),
  // Dari, then Pashto, as Afghanistan writes the Gregorian months.
  ['جنوری', 'فبروری', 'مارچ', 'اپریل', 'می', 'جون', 'جولای', 'اگست', 'سپتمبر', 'اکتوبر', 'نومبر', 'دسمبر'],
  ['جنوري', 'فبروري', 'مارچ', 'اپرېل', 'مۍ', 'جون', 'جولای', 'اګست', 'سپټمبر', 'اکتوبر', 'نومبر', 'ډسمبر'],
];

const SOLAR: readonly (readonly string[])[] = [
  ...Object.values(AFGHAN_MONTHS),
  ['Farvardin', 'Ordibehesht', 'Khordad', 'Tir', 'Mordad', 'Shahrivar', 'Mehr', 'Aban', 'Azar', 'Dey', 'Bahman', 'Esfand'],
  ['فروردین', 'اردیبهشت', 'خرداد', 'تیر', 'مرداد', 'شهریور', 'مهر', 'آبان', 'آذر', 'دی', 'بهمن', 'اسفند'],
];

/** Other spellings, with their month. */
const SPELLINGS: ReadonlyArray<[string, Month]> = [
  ['Sept', { month: 9, solar: false }],
  ['Saur', { month: 2, solar: true }],
  ['Jauza', { month: 3, solar: true }],
  ['Sonbola', { month: 6, solar: true }],
  ['Jaddi', { month: 10, solar: true }],
  ['Hoot', { month: 12, solar: true }],
];

type Month = { month: number; solar: boolean };

const INDEX = new Map<string, Month>();
const add = (name: string, month: Month) => {
  if (!INDEX.has(foldHeading(name))) INDEX.set(foldHeading(name), month);
};
for (const names of GREGORIAN) names.forEach((n, i) => add(n, { month: i + 1, solar: false }));
for (const names of SOLAR) names.forEach((n, i) => add(n, { month: i + 1, solar: true }));
for (const [name, month] of SPELLINGS) add(name, month);

const isSolarYear = (y: number) => y >= 1200 && y <= 1600;

/**
 * The Gregorian month and year of a sheet's month cell and year: unchanged when neither is Solar
 * Hijri or the month is not understood (the form's schema then names what is wrong).
 */
export function attendanceMonth(month: unknown, year: unknown): { month: unknown; year: unknown } {
  const named = typeof month === 'string' ? INDEX.get(foldHeading(month)) : undefined;
  const number = typeof month === 'number' ? month : named?.month;
  if (number === undefined || !Number.isInteger(number) || number < 1 || number > 12) return { month, year };
  const solarYear = typeof year === 'number' && isSolarYear(year);
  if (!named?.solar && !solarYear) return { month: number, year };
  // Hamal (1) falls mostly in April, Jadi (10) in January of the next Gregorian year.
  const gregorian = ((number + 2) % 12) + 1;
  if (!solarYear) return { month: gregorian, year };
  return { month: gregorian, year: (year as number) + (number >= 10 ? 622 : 621) };
}
