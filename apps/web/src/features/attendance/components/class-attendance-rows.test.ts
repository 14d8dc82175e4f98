import { describe, expect, it } from 'vitest';
import { attendanceBatchSchema, type Attendance } from '@app/shared/schemas/attendance.schema';
import { EMPTY_ROW, buildBatch, errorsByChild, initialRows, issuesByPath } from './class-attendance-rows.ts';

const stored = { id: 9, orphan_id: 2, present_days: 18, absent_days: 2, late_days: 0, excused_days: 0, absence_reasons: 'Flu', notes: 'Doctor seen' } as Attendance;

describe('the class grid rows', () => {
  it('start from the stored records of the month, blank for the others', () => {
    const rows = initialRows([1, 2], [stored]);
    expect(rows[1]).toEqual(EMPTY_ROW);
    expect(rows[2]).toEqual({ present_days: '18', absent_days: '2', late_days: '0', excused_days: '0', absence_reasons: 'Flu', notes: 'Doctor seen' });
  });

  it('send only the children whose rows hold something, blanks beside a typed count as 0, stored notes kept', () => {
    const rows = initialRows([1, 2, 3], [stored]);
    rows[3] = { ...EMPTY_ROW, present_days: '20' };
    const { batch, order } = buildBatch(2, 2025, [1, 2, 3], rows);
    expect(order).toEqual([2, 3]);
    expect(batch.rows).toEqual([
      { orphan_id: 2, present_days: 18, absent_days: 2, late_days: 0, excused_days: 0, absence_reasons: 'Flu', notes: 'Doctor seen' },
      { orphan_id: 3, present_days: 20, absent_days: 0, late_days: 0, excused_days: 0, absence_reasons: '', notes: '' },
    ]);
    expect(attendanceBatchSchema.safeParse(batch).success).toBe(true);
  });

  it("put the shared schema's messages on the row of the child they name", () => {
    const rows = initialRows([1, 2, 3], []);
    rows[1] = { ...EMPTY_ROW, present_days: '15', absent_days: '3' };
    rows[3] = { ...EMPTY_ROW, present_days: '-1' };
    const { batch, order } = buildBatch(2, 2025, [1, 2, 3], rows);
    const checked = attendanceBatchSchema.safeParse(batch);
    expect(checked.success).toBe(false);
    const placed = errorsByChild(issuesByPath(checked.error!.issues), order);
    expect(placed.rows[1]).toEqual({ absence_reasons: 'Reason is required when there are absent or late days' });
    expect(placed.rows[3]).toEqual({ present_days: 'Must be at least 0' });
    expect(placed.rows[2]).toBeUndefined();
  });

  it("place the server's rows.{i} messages by the order sent; the rest go to the banner", () => {
    const placed = errorsByChild(
      { 'rows.1.present_days': ['Amina Rahimi: The days add up to 40, more than the 28 days of February 2025.'], month: ['Attendance cannot be recorded for a future month.'] },
      [7, 8],
    );
    expect(placed.rows[8]?.present_days).toMatch(/^Amina Rahimi: /);
    expect(placed.other).toEqual(['Attendance cannot be recorded for a future month.']);
  });
});
