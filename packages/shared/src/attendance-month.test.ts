import { describe, expect, it } from 'vitest';
import { defaultAttendanceMonth } from './attendance-month.ts';

describe('defaultAttendanceMonth', () => {
  it('is the month just ended in the first ten days of a month', () => {
    expect(defaultAttendanceMonth(new Date(2026, 10, 1))).toEqual({ month: 10, year: 2026 });
    expect(defaultAttendanceMonth(new Date(2026, 10, 10, 23, 59))).toEqual({ month: 10, year: 2026 });
  });

  it('is the month in progress from the 11th', () => {
    expect(defaultAttendanceMonth(new Date(2026, 10, 11))).toEqual({ month: 11, year: 2026 });
    expect(defaultAttendanceMonth(new Date(2026, 10, 28))).toEqual({ month: 11, year: 2026 });
  });

  it('is December of the year before early in January', () => {
    expect(defaultAttendanceMonth(new Date(2027, 0, 5))).toEqual({ month: 12, year: 2026 });
    expect(defaultAttendanceMonth(new Date(2027, 0, 11))).toEqual({ month: 1, year: 2027 });
  });
});
