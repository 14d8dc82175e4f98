import { describe, expect, it } from 'vitest';
import { defaultCalendarFor, formatDate, formatNumber, parseStoredDate, todayIso } from './format-date.ts';

const en = { language: 'en', calendar: 'gregorian' } as const;
const enHijri = { language: 'en', calendar: 'persian' } as const;
const dari = { language: 'fa-AF', calendar: 'persian' } as const;
const dariGregorian = { language: 'fa-AF', calendar: 'gregorian' } as const;
const pashto = { language: 'ps-AF', calendar: 'persian' } as const;

describe('formatDate', () => {
  it('writes a stored day in the Solar Hijri calendar as the Kabul office does', () => {
    expect(formatDate('2026-11-23', enHijri, { style: 'numeric' })).toBe('1405/09/02');
    expect(formatDate('2026-11-23', dari, { style: 'numeric' })).toBe('۱۴۰۵/۰۹/۰۲');
    expect(formatDate('2026-11-23', pashto, { style: 'numeric' })).toBe('۱۴۰۵/۰۹/۰۲');
    // Nowruz and the day before it, in a year after a leap year (1403 had 30 Esfand).
    expect(formatDate('2026-03-21', enHijri, { style: 'numeric' })).toBe('1405/01/01');
    expect(formatDate('2026-03-20', enHijri, { style: 'numeric' })).toBe('1404/12/29');
    expect(formatDate('2025-03-20', enHijri, { style: 'numeric' })).toBe('1403/12/30');
  });

  it("uses the language's own form and month names, without the era", () => {
    expect(formatDate('2026-11-23', en)).toBe('Nov 23, 2026');
    // The Afghan month names in every language (Qaws, not the Iranian Azar), Dari and Pashto in their own digits.
    expect(formatDate('2026-11-23', enHijri)).toBe('Qaws 2, 1405');
    expect(formatDate('2026-11-23', enHijri, { style: 'long' })).toBe('Qaws 2, 1405');
    expect(formatDate('2026-03-21', enHijri)).toBe('Hamal 1, 1405');
    expect(formatDate('2026-11-23 10:30:00', enHijri, { withTime: true })).toMatch(/^Qaws 2, 1405/);
    expect(formatDate('2026-11-23', dari)).toBe('۲ قوس ۱۴۰۵');
    expect(formatDate('2026-11-23', pashto)).not.toMatch(/AP|[0-9]/);
    expect(formatDate('2026-11-23', pashto)).toContain('۱۴۰۵');
    expect(formatDate('2026-11-23', pashto)).toContain('لیندۍ');
  });

  it('shows Gregorian dates to a Dari reader who chose them (Dari defaults to Solar Hijri in Intl)', () => {
    expect(formatDate('2026-11-23', dariGregorian)).toContain('۲۰۲۶');
    expect(formatDate('2026-11-23', dariGregorian, { style: 'numeric' })).toBe('۲۰۲۶/۱۱/۲۳');
  });

  it('keeps a date-only value on its day in every time zone, and reads SQLite and ISO timestamps as UTC', () => {
    expect(parseStoredDate('2026-11-23')).toEqual({ date: new Date('2026-11-23T00:00:00Z'), dateOnly: true });
    expect(parseStoredDate('2026-11-23 10:30:00')).toEqual({ date: new Date('2026-11-23T10:30:00Z'), dateOnly: false });
    expect(parseStoredDate('2026-11-23T10:30:00+04:30')).toEqual({ date: new Date('2026-11-23T06:00:00Z'), dateOnly: false });
    expect(parseStoredDate('0002-03-21')?.date.getUTCFullYear()).toBe(2);
    expect(parseStoredDate('2026-02-29')).toBeNull();
    expect(formatDate('2026-11-23 10:30:00', en, { withTime: true })).toMatch(/^Nov 23, 2026.+\d{1,2}:30/);
  });

  it("shows '-' for nothing and an unreadable value as it came", () => {
    expect(formatDate(null, en)).toBe('-');
    expect(formatDate('', dari)).toBe('-');
    expect(formatDate('soon', en)).toBe('soon');
  });

  it('gives the year alone in the chosen calendar', () => {
    expect(formatDate('2026-11-23', en, { style: 'year' })).toBe('2026');
    expect(formatDate('2026-11-23', dari, { style: 'year' })).toBe('۱۴۰۵');
  });
});

describe('formatNumber', () => {
  it("writes numbers in the language's digits and separators", () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber('1250.00', 'fa-AF', { minimumFractionDigits: 2 })).toBe('۱٬۲۵۰٫۰۰');
    expect(formatNumber(42, 'ps-AF')).toBe('۴۲');
    expect(formatNumber(0.875, 'en', { style: 'percent', maximumFractionDigits: 1 })).toBe('87.5%');
  });

  it("shows '-' for nothing and a non-number as it came", () => {
    expect(formatNumber(null, 'en')).toBe('-');
    expect(formatNumber('', 'en')).toBe('-');
    expect(formatNumber('n/a', 'en')).toBe('n/a');
  });
});

describe('defaultCalendarFor and todayIso', () => {
  it('gives Dari and Pashto readers the Solar Hijri calendar before they sign in, English readers the Gregorian', () => {
    expect(defaultCalendarFor('fa-AF')).toBe('persian');
    expect(defaultCalendarFor('ps-AF')).toBe('persian');
    expect(defaultCalendarFor('en')).toBe('gregorian');
  });

  it("is the browser's own day", () => {
    expect(todayIso(new Date(2026, 2, 21, 0, 5))).toBe('2026-03-21');
  });
});
