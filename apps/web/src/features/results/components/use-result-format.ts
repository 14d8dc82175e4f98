import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '@app/shared/schemas/result.schema';

/** A number as the reader's language writes it (up to 2 decimals), or '-' when there is none. */
export function formatMark(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '-';
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  } catch {
    return String(value);
  }
}

/** A `YYYY-MM-DD` exam date in the reader's language, read as a calendar day (no time zone shift). */
export function formatDay(value: string | null | undefined, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!m) return value || '-';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)));
  } catch {
    return m[0];
  }
}

/** The display texts of results: type, term, course type, marks, dates, the student. */
export function useResultFormat() {
  const { t, i18n } = useTranslation('results');
  const locale = i18n.language;
  return useMemo(
    () => ({
      type: (type: string) => t(`types.${type}` as 'types.education', { defaultValue: type }),
      term: (term: string | null) => (term ? t(`terms.${term}` as 'terms.Final', { defaultValue: term }) : '-'),
      courseType: (value: string | null) => (value ? t(`courseTypes.${value}` as 'courseTypes.Art', { defaultValue: value }) : '-'),
      mark: (value: number | null | undefined) => formatMark(value, locale),
      /** '45 / 50' where the type has a total, else the score alone. */
      score: (result: Pick<Result, 'score' | 'total'>) =>
        result.total !== null && result.score !== null
          ? t('details.outOf', { score: formatMark(result.score, locale), total: formatMark(result.total, locale) })
          : formatMark(result.score, locale),
      date: (value: string | null | undefined) => formatDay(value, locale),
      /** Spec section 2: an unknown student name shows 'Unknown'. */
      student: (result: Pick<Result, 'orphan_name'>) => result.orphan_name?.trim() || t('details.unknown'),
    }),
    [t, locale],
  );
}
