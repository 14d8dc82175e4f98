import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '@app/shared/schemas/result.schema';
import { formatDate, formatNumber } from '../../../lib/format-date.ts';
import { formatYear } from '../../../lib/format-period.ts';
import { useDateDisplay } from '../../../lib/use-format.ts';

/** A mark as the reader's language writes it (up to 2 decimals, Dari/Pashto digits), or '-'. */
const formatMark = (value: number | null | undefined, locale: string) => formatNumber(value, locale, { maximumFractionDigits: 2 });

/** The display texts of results: type, term, course type, marks, dates, the student. */
export function useResultFormat() {
  const { t, i18n } = useTranslation('results');
  const locale = i18n.language;
  const display = useDateDisplay();
  return useMemo(
    () => ({
      type: (type: string) => t(`types.${type}` as 'types.education', { defaultValue: type }),
      term: (term: string | null) => (term ? t(`terms.${term}` as 'terms.Final', { defaultValue: term }) : '-'),
      courseType: (value: string | null) => (value ? t(`courseTypes.${value}` as 'courseTypes.Art', { defaultValue: value }) : '-'),
      mark: (value: number | null | undefined) => formatMark(value, locale),
      /** A percentage (0–100) as the reader's language writes one: '60 %', '۶۰٪'. */
      percent: (value: number | null | undefined) => (value === null || value === undefined ? '-' : formatNumber(value / 100, locale, { style: 'percent', maximumFractionDigits: 1 })),
      /** '45 / 50' where the type has a total, else the score alone. */
      score: (result: Pick<Result, 'score' | 'total'>) =>
        result.total !== null && result.score !== null
          ? t('details.outOf', { score: formatMark(result.score, locale), total: formatMark(result.total, locale) })
          : formatMark(result.score, locale),
      /** A result's school year (kept Gregorian) in the reader's calendar and digits. */
      year: (year: number) => formatYear(year, display),
      /** How many results, in the reader's digits. */
      count: (n: number) => formatNumber(n, locale),
      /** An exam day in the reader's language and calendar. */
      date: (value: string | null | undefined) => formatDate(value, display),
      /** Spec section 2: an unknown student name shows 'Unknown'. */
      student: (result: Pick<Result, 'orphan_name'>) => result.orphan_name?.trim() || t('details.unknown'),
    }),
    [t, locale, display],
  );
}
