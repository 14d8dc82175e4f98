import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Tooltip } from './tooltip.tsx';
import { formatNumber } from '../../lib/format-date.ts';
import { paginatorPages } from './paginator-pages.ts';

export interface PaginatorProps {
  currentPage: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  /** With totals, a "Showing from to of total entries" line is shown. */
  from?: number | null;
  to?: number | null;
  total?: number;
  pageSize?: number;
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  className?: string;
}

const pageButton =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50';

export function Paginator({
  currentPage,
  lastPage,
  onPageChange,
  from,
  to,
  total,
  pageSize,
  pageSizeOptions,
  onPageSizeChange,
  className,
}: PaginatorProps) {
  const { t, i18n } = useTranslation();
  // Counts and page numbers in the language's digits (۱ ۲ ۳ in Dari and Pashto).
  const n = (value: number) => formatNumber(value, i18n.language);
  const last = Math.max(1, lastPage);
  const items = paginatorPages(currentPage, last);

  return (
    <div className={cn('flex flex-wrap items-center justify-between gap-3 text-sm', className)}>
      <div className="flex items-center gap-3 text-gray-600 dark:text-gray-400">
        {total !== undefined ? (
          <span>{t('paginator.showing', { from: n(from ?? 0), to: n(to ?? 0), total: n(total) })}</span>
        ) : null}
        {pageSizeOptions && onPageSizeChange ? (
          <label className="flex items-center gap-2">
            <span>{t('paginator.perPage')}</span>
            <select
              className="rounded-md border border-gray-300 bg-white px-2 py-1 dark:border-gray-600 dark:bg-gray-900"
              value={pageSize}
              onChange={(e) => onPageSizeChange(Number(e.target.value))}
            >
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {n(size)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <nav aria-label={t('paginator.label')} className="flex items-center gap-1">
        <Tooltip label={t('paginator.previous')}>
          <button
            type="button"
            className={cn(pageButton, 'border-gray-300 dark:border-gray-600')}
            onClick={() => onPageChange(currentPage - 1)}
            disabled={currentPage <= 1}
            aria-label={t('paginator.previous')}
          >
            <ChevronLeft className="rtl-flip h-4 w-4" aria-hidden />
          </button>
        </Tooltip>
        {items.map((item) =>
          typeof item === 'number' ? (
            <button
              key={item}
              type="button"
              className={cn(
                pageButton,
                item === currentPage
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-gray-300 hover:bg-gray-100 dark:border-gray-600 dark:hover:bg-gray-800',
              )}
              onClick={() => onPageChange(item)}
              aria-current={item === currentPage ? 'page' : undefined}
              aria-label={t('paginator.page', { page: n(item) })}
            >
              {n(item)}
            </button>
          ) : (
            <span key={item} className="px-1 text-gray-500" aria-hidden>
              …
            </span>
          ),
        )}
        <Tooltip label={t('paginator.next')}>
          <button
            type="button"
            className={cn(pageButton, 'border-gray-300 dark:border-gray-600')}
            onClick={() => onPageChange(currentPage + 1)}
            disabled={currentPage >= last}
            aria-label={t('paginator.next')}
          >
            <ChevronRight className="rtl-flip h-4 w-4" aria-hidden />
          </button>
        </Tooltip>
      </nav>
    </div>
  );
}
