import { describe, expect, it } from 'vitest';
import { liveTotal, monthsOffered } from './attendance-periods.ts';

const march15 = new Date(2026, 2, 15);

describe('monthsOffered (spec section 5: the current year stops at the current month)', () => {
  it('offers January to the current month in the current year', () => {
    expect(monthsOffered(2026, march15)).toEqual([1, 2, 3]);
    expect(monthsOffered('2026', march15)).toEqual([1, 2, 3]);
  });
  it('offers all twelve months of an earlier year, and none of a later one', () => {
    expect(monthsOffered(2025, march15)).toHaveLength(12);
    expect(monthsOffered(2027, march15)).toEqual([]);
  });
  it('offers all months while no year is chosen', () => {
    expect(monthsOffered('', march15)).toHaveLength(12);
  });
  it('offers December in December', () => {
    expect(monthsOffered(2026, new Date(2026, 11, 31))).toHaveLength(12);
  });
});

describe('liveTotal', () => {
  it('adds the counts typed so far, blanks and junk as 0', () => {
    expect(liveTotal([20, 2, '', undefined])).toBe(22);
    expect(liveTotal([Number.NaN, 1, 1, 1])).toBe(3);
    expect(liveTotal(['3', '4', null, 0])).toBe(7);
  });
});
