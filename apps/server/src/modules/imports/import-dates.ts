import { fillImportMessage, IMPORT_MESSAGES as MSG } from '@app/shared/schemas/import.schema';
import { gregorianOfSolarHijri } from '@app/shared/solar-hijri-dates';

/**
 * A date as people write it in a spreadsheet, made YYYY-MM-DD: ISO (2019-08-03), day/month/year
 * or month/day/year (a date that reads both ways — 03/08/2019 — is flagged, never guessed), an
 * Excel date number (43680), and Solar Hijri (1398/05/12, ۱۳۹۸/۰۵/۱۲, 12/05/1398). A year from
 * 1200 to 1600 is a Solar Hijri year: no child here was born in the Gregorian one.
 */

export type ParsedDate = { iso: string } | { error: string } | { empty: true };

const PERSIAN_DIGITS = /[\u06F0-\u06F9\u0660-\u0669]/g;
const westernDigits = (s: string) => s.replace(PERSIAN_DIGITS, (c) => String((c.charCodeAt(0) - (c >= '\u06F0' ? 0x06f0 : 0x0660)) % 10));

const pad = (n: number) => String(n).padStart(2, '0');

function gregorian(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const iso = `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

const isHijriYear = (y: number) => y >= 1200 && y <= 1600;

function ofYearMonthDay(y: number, m: number, d: number): string | null {
  return isHijriYear(y) ? gregorianOfSolarHijri(y, m, d) : gregorian(y, m, d);
}

/** Excel counts days from 1899-12-30 (its 1900 leap-year error included, which that start absorbs). */
function fromExcelSerial(n: number): string | null {
  if (n < 1 || n > 80_000) return null;
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(n) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

export function parseImportDate(raw: string): ParsedDate {
  const value = westernDigits(raw.trim()).replace(/\u200F|\u200E/g, '');
  if (value === '') return { empty: true };
  const invalid = { error: fillImportMessage(MSG.dateInvalid, { value: raw.trim() }) };
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(value);
  if (m) {
    const iso = ofYearMonthDay(Number(m[1]), Number(m[2]), Number(m[3]));
    return iso ? { iso } : invalid;
  }
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = Number(m[3]);
    // Written day first in Afghanistan, whichever calendar; month first only when nothing else fits.
    if (isHijriYear(y)) {
      const iso = gregorianOfSolarHijri(y, b, a);
      return iso ? { iso } : invalid;
    }
    const dayFirst = gregorian(y, b, a);
    const monthFirst = gregorian(y, a, b);
    if (dayFirst && monthFirst && dayFirst !== monthFirst) return { error: fillImportMessage(MSG.dateAmbiguous, { value: raw.trim() }) };
    const iso = dayFirst ?? monthFirst;
    return iso ? { iso } : invalid;
  }
  if (/^\d{1,5}(\.\d+)?$/.test(value)) {
    const iso = fromExcelSerial(Number(value));
    return iso ? { iso } : invalid;
  }
  return invalid;
}
