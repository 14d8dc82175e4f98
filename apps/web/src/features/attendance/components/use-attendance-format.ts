import type { Attendance } from '@app/shared/schemas/attendance.schema';
import { useFormat } from '../../../lib/use-format.ts';

/** The display texts of attendance: a record's child and month, in the reader's language and calendar. */
export function useAttendanceFormat() {
  const format = useFormat();
  return {
    /** A month offered beside a year picker, with `year` when one is chosen. */
    month: (month: number, year?: number) => format.pickerMonth(month, year),
    period: (record: Pick<Attendance, 'month' | 'year'>) => format.month(record.month, record.year),
    year: format.year,
    /** A count of days in the reader's digits. */
    count: (days: number) => format.number(days),
    child: (record: Pick<Attendance, 'first_name' | 'last_name'>) => `${record.first_name} ${record.last_name}`.trim(),
    /** A rate as '92.5%', or '-' without days. */
    rate: (rate: number | null) => (rate === null ? '-' : format.number(rate / 100, { style: 'percent', maximumFractionDigits: 1 })),
  };
}
