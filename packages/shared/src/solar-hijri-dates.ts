import { solarHijriDay } from './afghan-months.ts';

/**
 * The Gregorian day ('YYYY-MM-DD') of a Solar Hijri date, or null when there is no such day
 * (month 13, Hut 30 of a common year). Worked back from the one Solar Hijri calendar the product
 * writes with (Intl's Persian calendar, solarHijriDay): 1 Hamal falls on 20, 21 or 22 March, so
 * the day is found within a few days of the estimate and checked by converting it back.
 */
export function gregorianOfSolarHijri(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1200 || year > 1600 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (month > 6 && day > 30) return null;
  const dayOfYear = (month <= 6 ? (month - 1) * 31 : 186 + (month - 7) * 30) + day - 1;
  const estimate = Date.UTC(year + 621, 2, 21) + dayOfYear * 86_400_000;
  for (const shift of [0, -1, 1, -2, 2, -3, 3]) {
    const iso = new Date(estimate + shift * 86_400_000).toISOString().slice(0, 10);
    const back = solarHijriDay(iso);
    if (back && back.year === year && back.month === month && back.day === day) return iso;
  }
  return null;
}
