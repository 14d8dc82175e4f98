import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attendanceRate, attendanceShare, daysRecorded } from './attendance-rate.ts';

const counts = fc.record({
  present_days: fc.integer({ min: 0, max: 31 }),
  absent_days: fc.integer({ min: 0, max: 31 }),
  late_days: fc.integer({ min: 0, max: 31 }),
  excused_days: fc.integer({ min: 0, max: 31 }),
});

describe('attendance rate: (present + late) ÷ days recorded, excused days counted as recorded', () => {
  it('counts a late day as attended: 19 present, 2 late, 1 absent is 95.5 %', () => {
    expect(attendanceRate({ present_days: 19, absent_days: 1, late_days: 2, excused_days: 0 })).toBe(95.5);
  });

  it('counts excused days among the days recorded, not among the days attended', () => {
    expect(attendanceRate({ present_days: 18, absent_days: 0, late_days: 0, excused_days: 2 })).toBe(90);
  });

  it('has no rate without days recorded', () => {
    expect(attendanceRate({ present_days: 0, absent_days: 0, late_days: 0, excused_days: 0 })).toBeNull();
    expect(attendanceShare({ present_days: 0, absent_days: 0, late_days: 0, excused_days: 0 })).toBeNull();
  });

  it('is the attended share of the recorded days, from 0 to 100, and the percentage of the share', () => {
    fc.assert(
      fc.property(counts, (c) => {
        fc.pre(daysRecorded(c) > 0);
        const share = attendanceShare(c)!;
        expect(share * daysRecorded(c)).toBeCloseTo(c.present_days + c.late_days, 9);
        const rate = attendanceRate(c)!;
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(100);
        expect(Math.abs(rate - share * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
        // Turning an absent day into a late one never lowers the rate.
        if (c.absent_days > 0) expect(attendanceShare({ ...c, absent_days: c.absent_days - 1, late_days: c.late_days + 1 })!).toBeGreaterThan(share);
      }),
    );
  });
});
