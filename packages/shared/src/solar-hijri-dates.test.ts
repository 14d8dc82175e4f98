import { describe, expect, it } from 'vitest';
import { solarHijriDay } from './afghan-months.ts';
import { gregorianOfSolarHijri } from './solar-hijri-dates.ts';

describe('gregorianOfSolarHijri', () => {
  it('finds the Gregorian day of a Solar Hijri date, Nowruz included', () => {
    expect(gregorianOfSolarHijri(1398, 5, 12)).toBe('2019-08-03');
    expect(gregorianOfSolarHijri(1403, 1, 1)).toBe('2024-03-20');
    expect(gregorianOfSolarHijri(1404, 12, 29)).toBe('2026-03-20');
  });

  it('turns every day of two years back into itself', () => {
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      const h = solarHijriDay(iso)!;
      expect(gregorianOfSolarHijri(h.year, h.month, h.day)).toBe(iso);
    }
  });

  it('refuses days that do not exist', () => {
    expect(gregorianOfSolarHijri(1405, 13, 1)).toBeNull();
    expect(gregorianOfSolarHijri(1402, 7, 31)).toBeNull();
    expect(gregorianOfSolarHijri(1402, 0, 5)).toBeNull();
  });
});
