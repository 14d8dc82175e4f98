import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMonth, formatPickerMonth, formatYear } from './format-period.ts';

const en = { language: 'en', calendar: 'gregorian' } as const;
const enHijri = { language: 'en', calendar: 'persian' } as const;
const dari = { language: 'fa-AF', calendar: 'persian' } as const;
const dariGregorian = { language: 'fa-AF', calendar: 'gregorian' } as const;
const pashto = { language: 'ps-AF', calendar: 'persian' } as const;

describe('formatMonth', () => {
  it('names a kept Gregorian month in the Gregorian calendar by Intl', () => {
    expect(formatMonth(3, 2026, en)).toBe('March 2026');
    expect(formatMonth(3, 2026, en, { short: true })).toBe('Mar 2026');
    expect(formatMonth(3, undefined, en)).toBe('March');
    expect(formatMonth(3, 2026, dariGregorian)).toMatch(/۲۰۲۶/);
  });

  it('gives a Solar Hijri reader the Solar Hijri months it covers, with Afghan names in every language', () => {
    expect(formatMonth(3, 2026, enHijri)).toBe('Hut 1404 – Hamal 1405');
    expect(formatMonth(11, 2026, enHijri, { short: true })).toBe('Aqrab–Qaws 1405');
    expect(formatMonth(11, 2026, dari)).toBe('عقرب–قوس ۱۴۰۵');
    expect(formatMonth(11, undefined, pashto)).toBe('لړم–لیندۍ');
  });

  it('writes Dari and Pashto in their own digits only, whatever the month and calendar', () => {
    const display = fc.constantFrom(dari, dariGregorian, pashto, { language: 'ps-AF', calendar: 'gregorian' } as const);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1990, max: 2100 }), display, fc.boolean(), (month, year, d, short) => {
        expect(formatMonth(month, year, d, { short })).not.toMatch(/[0-9]/);
        expect(formatYear(year, d)).not.toMatch(/[0-9,٬]/);
      }),
    );
  });
});

describe('formatPickerMonth', () => {
  it('leaves the year to the picker beside it, unless the months it covers are Solar Hijri ones', () => {
    expect(formatPickerMonth(3, 2026, en)).toBe('March');
    expect(formatPickerMonth(3, 2026, enHijri)).toBe('Hut 1404 – Hamal 1405');
    expect(formatPickerMonth(3, undefined, dari)).toBe('حوت–حمل');
  });
});

describe('formatYear', () => {
  it('is the year ungrouped, or the two Solar Hijri years it covers', () => {
    expect(formatYear(2026, en)).toBe('2026');
    expect(formatYear(2026, dariGregorian)).toBe('۲۰۲۶');
    expect(formatYear(2026, enHijri)).toBe('1404–1405');
    expect(formatYear('2026', dari)).toBe('۱۴۰۴–۱۴۰۵');
  });
});
