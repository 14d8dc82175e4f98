import { useTranslation } from 'react-i18next';
import { SummaryCard } from '../../../components/summary-card.tsx';
import { TableCell, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { useOrphanResults } from '../api/get-orphan-results.ts';
import { periodsOldestFirst, trendPoints, typesPresent, type SummaryPeriod } from './results-summary.ts';
import { useResultFormat } from './use-result-format.ts';

/**
 * The child's results on the details page: by year and term, the average of each result type as a
 * percentage of the total marks (and how many results it covers), overall at the foot, and a small
 * trend of the averages.
 */
export function ResultsSummaryCard({ orphanId }: { orphanId: number }) {
  const { t } = useTranslation('results');
  const format = useResultFormat();
  const summary = useOrphanResults(orphanId);
  const periods = summary.data ? periodsOldestFirst(summary.data) : [];
  const types = summary.data ? typesPresent(summary.data) : [];
  const label = (p: SummaryPeriod) => t('summary.period', { year: format.year(p.year), term: format.term(p.term) });
  const average = (a: { average_percent: number | null; count: number }) => (a.count && a.average_percent !== null ? `${format.percent(a.average_percent)} (${format.count(a.count)})` : t('summary.noScore'));
  const averages = (of: (type: (typeof types)[number]) => { average_percent: number | null; count: number }, className = '') =>
    types.map((type) => (
      <TableCell key={type} className={`text-end tabular-nums ${className}`.trim()}>
        {average(of(type))}
      </TableCell>
    ));

  return (
    <SummaryCard
      feature="results"
      orphanId={orphanId}
      query={summary}
      isEmpty={periods.length === 0}
      figures={(data) => ({
        trend: { points: trendPoints(periods, label), series: types.map((type) => ({ key: type, label: format.type(type) })), unit: '%' },
        head: (
          <>
            <TableHeaderCell>{t('columns.term')}</TableHeaderCell>
            {types.map((type) => (
              <TableHeaderCell key={type} className="text-end">
                {format.type(type)}
              </TableHeaderCell>
            ))}
          </>
        ),
        rows: (
          <>
            {[...periods].reverse().map((p) => (
              <TableRow key={`${p.year}-${p.term}`}>
                <TableCell className="whitespace-nowrap">{label(p)}</TableCell>
                {averages((type) => p.averages[type])}
              </TableRow>
            ))}
            <TableRow>
              <TableCell className="font-semibold">{t('summary.average')}</TableCell>
              {averages((type) => data.averages[type], 'font-semibold')}
            </TableRow>
          </>
        ),
      })}
    />
  );
}
