import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AFGHAN_MONTHS } from './afghan-months.ts';
import { solarHijriMonthSpan, solarHijriMonthsOf, solarHijriYearSpan, solarHijriYearsOf } from './solar-hijri-periods.ts';

const gregorianMonth = fc.record({ year: fc.integer({ min: 1900, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) });
const language = fc.constantFrom('en', 'fa-AF', 'ps-AF');

describe('solarHijriMonthsOf', () => {
  it('names the months the first and last day fall in', () => {
    // 1 March 2026 is 10 Hut 1404; 31 March 2026 is 11 Hamal 1405.
    expect(solarHijriMonthsOf(2026, 3)).toEqual({ first: { year: 1404, month: 12 }, last: { year: 1405, month: 1 } });
    // 1 January 2026 is 11 Jadi 1404; 31 January is 11 Dalw 1404.
    expect(solarHijriMonthsOf(2026, 1)).toEqual({ first: { year: 1404, month: 10 }, last: { year: 1404, month: 11 } });
  });

  it('is always two Solar Hijri months in a row, the same pair every year, within the years the Gregorian year covers', () => {
    fc.assert(
      fc.property(gregorianMonth, ({ year, month }) => {
        const { first, last } = solarHijriMonthsOf(year, month);
        expect(last.month).toBe((first.month % 12) + 1);
        expect(last.year).toBe(first.month === 12 ? first.year + 1 : first.year);
        expect(solarHijriMonthsOf(2001, month).first.month).toBe(first.month);
        const years = solarHijriYearsOf(year);
        expect([years.first, years.last]).toContain(first.year);
        expect([years.first, years.last]).toContain(last.year);
      }),
    );
  });
});

describe('solarHijriMonthSpan', () => {
  it('writes the Afghan names, the year once when both months share it', () => {
    expect(solarHijriMonthSpan(1, 2026, 'en')).toBe('Jadi–Dalw 1404');
    expect(solarHijriMonthSpan(3, 2026, 'en')).toBe('Hut 1404 – Hamal 1405');
    expect(solarHijriMonthSpan(11, 2026, 'fa-AF')).toBe('عقرب–قوس ۱۴۰۵');
    expect(solarHijriMonthSpan(11, undefined, 'ps-AF')).toBe('لړم–لیندۍ');
  });

  it('holds no Iranian name and no Latin digit in Dari or Pashto', () => {
    fc.assert(
      fc.property(gregorianMonth, language, ({ year, month }, lang) => {
        const text = solarHijriMonthSpan(month, year, lang);
        const { first, last } = solarHijriMonthsOf(year, month);
        expect(text).toContain(AFGHAN_MONTHS[lang as 'en'][first.month - 1]);
        expect(text).toContain(AFGHAN_MONTHS[lang as 'en'][last.month - 1]);
        expect(text).not.toMatch(/Farvardin|Azar|فروردین|آذر/);
        if (lang !== 'en') expect(text).not.toMatch(/[0-9]/);
        else expect(text).not.toMatch(/[۰-۹]/);
      }),
    );
  });
});

describe('solarHijriYearSpan', () => {
  it("is the year before Nowruz and the year from it, in the language's digits", () => {
    expect(solarHijriYearSpan(2026, 'en')).toBe('1404–1405');
    expect(solarHijriYearSpan(2026, 'fa-AF')).toBe('۱۴۰۴–۱۴۰۵');
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2100 }), (year) => {
        // New Year's Day is in the first, New Year's Eve in the last.
        const { first, last } = solarHijriYearsOf(year);
        expect(solarHijriMonthsOf(year, 1).first.year).toBe(first);
        expect(solarHijriMonthsOf(year, 12).last.year).toBe(last);
      }),
    );
  });
});
