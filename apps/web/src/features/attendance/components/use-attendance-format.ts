import { useTranslation } from 'react-i18next';
import type { Attendance } from '@app/shared/schemas/attendance.schema';
import { formatNumber } from '../../../lib/format-date.ts';
import { monthName, periodLabel } from './attendance-periods.ts';

/** The display texts of attendance: a record's child and month, in the reader's language. */
export function useAttendanceFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    month: (month: number) => monthName(month, locale),
    period: (record: Pick<Attendance, 'month' | 'year'>) => periodLabel(record.month, record.year, locale),
    child: (record: Pick<Attendance, 'first_name' | 'last_name'>) => `${record.first_name} ${record.last_name}`.trim(),
    /** A rate as '92.5%', or '-' without days. */
    rate: (rate: number | null) => (rate === null ? '-' : formatNumber(rate / 100, locale, { style: 'percent', maximumFractionDigits: 1 })),
  };
}
