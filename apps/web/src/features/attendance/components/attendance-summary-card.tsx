import { useTranslation } from 'react-i18next';
import { ATTENDANCE_RATE_MESSAGES } from '@app/shared/attendance-rate';
import { SummaryCard } from '../../../components/summary-card.tsx';
import { TableCell, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useAttendanceSummary } from '../api/get-attendance-summary.ts';
import { useAttendanceFormat } from './use-attendance-format.ts';

/** The chart shows the last year of months; the table lists them all. */
const CHART_MONTHS = 12;
/** A month's four counts, in the table's order: column `columns.<count>`, value `<count>_days`. */
const COUNTS = ['present', 'absent', 'late', 'excused'] as const;

/**
 * The child's attendance on the details page: each year's totals and rate, each month's four
 * counts and rate (newest first), and the rate's trend over the last twelve recorded months, with
 * the rate's one definition said beside it (attendance-rate.ts).
 */
export function AttendanceSummaryCard({ orphanId }: { orphanId: number }) {
  const { t } = useTranslation('attendance');
  const format = useAttendanceFormat();
  const summary = useAttendanceSummary(orphanId);
  const months = summary.data?.months ?? [];
  const points = months
    .slice(0, CHART_MONTHS)
    .reverse()
    .map((m) => ({ label: format.period(m), rate: m.attendance_rate }));

  return (
    <SummaryCard
      feature="attendance"
      orphanId={orphanId}
      query={summary}
      isEmpty={months.length === 0}
      figures={(data) => ({
        above: (
          <>
            <dl className="flex flex-wrap gap-3">
              {data.years.map((y) => (
                <div key={y.year} className="rounded-md bg-gray-50 px-3 py-2 dark:bg-gray-800">
                  <dt className="text-xs text-gray-600 dark:text-gray-400">{t('summary.yearTotal', { year: format.year(y.year) })}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{format.rate(y.attendance_rate)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-gray-600 dark:text-gray-400">{translateMessage(t, ATTENDANCE_RATE_MESSAGES.definition)}</p>
          </>
        ),
        trend: { points, series: [{ key: 'rate', label: t('summary.rate') }], unit: '%' },
        head: (
          <>
            <TableHeaderCell>{t('columns.period')}</TableHeaderCell>
            {COUNTS.map((count) => (
              <TableHeaderCell key={count} className="text-end">
                {t(`columns.${count}`)}
              </TableHeaderCell>
            ))}
            <TableHeaderCell className="text-end">{t('columns.rate')}</TableHeaderCell>
          </>
        ),
        rows: months.map((m) => (
          <TableRow key={`${m.year}-${m.month}`}>
            <TableCell className="whitespace-nowrap">{format.period(m)}</TableCell>
            {COUNTS.map((count) => (
              <TableCell key={count} className="text-end tabular-nums">
                {format.count(m[`${count}_days`])}
              </TableCell>
            ))}
            <TableCell className="text-end tabular-nums">{format.rate(m.attendance_rate)}</TableCell>
          </TableRow>
        )),
      })}
    />
  );
}
