import { describe, expect, it } from 'vitest';
import { ageOn } from './age.ts';

describe('ageOn', () => {
  it('counts whole years, the birthday itself included, a baby being 0', () => {
    expect(ageOn('2015-06-15', '2025-06-15')).toBe(10);
    expect(ageOn('2015-06-14', '2025-06-15')).toBe(10);
    expect(ageOn('2015-06-16', '2025-06-15')).toBe(9);
    expect(ageOn('2015-07-01', '2025-06-15')).toBe(9);
    expect(ageOn('2025-06-01', '2025-06-15')).toBe(0);
    // A timestamp is read by its date part.
    expect(ageOn('2015-01-01T23:30:00.000Z', '2025-06-15')).toBe(10);
  });

  it('counts whole years on the stored Gregorian dates for a Gregorian reader', () => {
    expect(ageOn('2011-03-21', '2026-03-20')).toBe(14);
    expect(ageOn('2011-03-21', '2026-03-21')).toBe(15);
    expect(ageOn('2011-03-21', '2026-12-31')).toBe(15);
    // Born on 29 February: a year older on 1 March in common years.
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('counts by Solar Hijri birthdays for a Solar Hijri reader, around Nowruz', () => {
    // Born on Nowruz 1390 (2011-03-21); Nowruz 1405 is 2026-03-21.
    expect(ageOn('2011-03-21', '2026-03-20', 'persian')).toBe(14);
    expect(ageOn('2011-03-21', '2026-03-21', 'persian')).toBe(15);
    // Born on Nowruz 1387 (2008-03-20). Nowruz 1404 fell on 2025-03-21: the Gregorian reader's
    // child is 17 on 2025-03-20, the Solar Hijri reader's one day later, on their birthday.
    expect(ageOn('2008-03-20', '2025-03-20', 'gregorian')).toBe(17);
    expect(ageOn('2008-03-20', '2025-03-20', 'persian')).toBe(16);
    expect(ageOn('2008-03-20', '2025-03-21', 'persian')).toBe(17);
  });

  it('turns a child born on 30 Esfand of a leap year a year older on Nowruz in common years', () => {
    // 1403/12/30 = 2025-03-20; 1404 has no 30 Esfand (1404/12/29 = 2026-03-20, Nowruz 1405 = 2026-03-21).
    expect(ageOn('2025-03-20', '2026-03-20', 'persian')).toBe(0);
    expect(ageOn('2025-03-20', '2026-03-21', 'persian')).toBe(1);
  });

  it('has no age without a real birth date or before birth', () => {
    expect(ageOn(null, '2026-01-01')).toBeNull();
    expect(ageOn('', '2026-01-01')).toBeNull();
    expect(ageOn('not a date', '2026-01-01')).toBeNull();
    expect(ageOn('2026-02-30', '2026-03-01')).toBeNull();
    expect(ageOn('2027-01-01', '2026-01-01', 'persian')).toBeNull();
    expect(ageOn('2026-01-01 00:00:00', '2026-01-01')).toBe(0);
  });
});
