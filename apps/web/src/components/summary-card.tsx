import { Suspense, lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './ui/empty-state.tsx';
import { Notice } from './ui/notice.tsx';
import { Spinner } from './ui/spinner.tsx';
import { TableBody, TableHead } from './ui/table.tsx';
import { translateMessage } from '../lib/translate-message.ts';
import type { TrendChartProps } from './trend-chart.tsx';

const LazyTrendChart = lazy(() => import('./trend-chart.tsx'));

/** The chart, fetched with its library only when a card first shows one. */
export function TrendChart(props: TrendChartProps) {
  return (
    <Suspense fallback={<div className="h-48" />}>
      <LazyTrendChart {...props} />
    </Suspense>
  );
}

/** The chart under its caption, as a figure. */
export function TrendFigure({ caption, ...chart }: TrendChartProps & { caption: string }) {
  return (
    <figure>
      <figcaption className="mb-1 text-sm text-gray-600 dark:text-gray-400">{caption}</figcaption>
      <TrendChart {...chart} />
    </figure>
  );
}

/** A child's figures as the card shows them, once they are there. */
export interface SummaryFigures {
  /** What stands above the chart (attendance's yearly rates). */
  above?: ReactNode;
  /** The figures over time: drawn, captioned summary.chart, from two points on. */
  trend: TrendChartProps;
  /** The table of all the figures, named summary.table: its header cells and its body rows. */
  head: ReactNode;
  rows: ReactNode;
}

interface SummaryCardProps<D> {
  /**
   * The feature whose figures these are: its namespace's summary.title, summary.viewAll,
   * summary.empty, summary.error, summary.chart and summary.table, and its list, which 'All …'
   * opens filtered to the child.
   */
  feature: 'results' | 'attendance';
  orphanId: number;
  query: { isPending: boolean; isError: boolean; error: Error | null; data: D | undefined };
  isEmpty: boolean;
  figures: (data: D) => SummaryFigures;
}

/**
 * The card's table: `head` the header row's cells, `children` the body's rows. Wider than a
 * phone, it scrolls sideways: as a named, focusable region the keyboard can scroll it too (a
 * scroll area with nothing focusable inside is out of its reach).
 */
export function SummaryTable({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-gray-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-gray-700"
    >
      <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-700">
        <TableHead>
          <tr>{head}</tr>
        </TableHead>
        <TableBody>{children}</TableBody>
      </table>
    </div>
  );
}

/** A card of figures about one child on the details page (results, attendance), with its states. */
export function SummaryCard<D>({ feature, orphanId, query, isEmpty, figures }: SummaryCardProps<D>) {
  const { t } = useTranslation(feature);
  const id = `orphan-${feature}-summary`;
  let body: ReactNode = null;
  if (query.isError) body = <Notice tone="error">{t('summary.error', { message: translateMessage(t, query.error?.message) ?? '' })}</Notice>;
  else if (query.isPending) body = <Spinner />;
  else if (isEmpty) body = <EmptyState message={t('summary.empty')} className="py-6" />;
  else if (query.data !== undefined) {
    const { above, trend, head, rows } = figures(query.data);
    body = (
      <div className="space-y-4">
        {above}
        {trend.points.length > 1 ? <TrendFigure caption={t('summary.chart')} {...trend} /> : null}
        <SummaryTable label={t('summary.table')} head={head}>
          {rows}
        </SummaryTable>
      </div>
    );
  }
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-5 dark:border-gray-700 dark:bg-gray-900">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id} className="text-base font-semibold text-gray-900 dark:text-gray-100">
          {t('summary.title')}
        </h3>
        <Link to={`/dashboard/${feature}?orphan_id=${orphanId}`} className="text-sm text-brand-700 underline dark:text-brand-400">
          {t('summary.viewAll')}
        </Link>
      </div>
      {body}
    </section>
  );
}
