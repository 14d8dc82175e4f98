import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format.ts';

/**
 * The overview's texts for dates, numbers, months and grades, in the reader's language (and
 * calendar, for days). A chart month is a Gregorian month — the records are kept by it — so it
 * is named as one, in the reader's language.
 */
export function useOverviewFormat() {
  const format = useFormat();
  const { t } = useTranslation('orphans');
  return useMemo(() => {
    const monthNames = new Intl.DateTimeFormat(format.language, { month: 'short', year: 'numeric', calendar: 'gregory', timeZone: 'UTC' });
    const longMonthNames = new Intl.DateTimeFormat(format.language, { month: 'long', year: 'numeric', calendar: 'gregory', timeZone: 'UTC' });
    const at = (m: { year: number; month: number }) => new Date(Date.UTC(m.year, m.month - 1, 1));
    return {
      number: (n: number) => format.number(n),
      percent: (n: number) => format.number(n / 100, { style: 'percent', maximumFractionDigits: 1 }),
      date: (value: string) => format.date(value),
      month: (m: { year: number; month: number }) => longMonthNames.format(at(m)),
      shortMonth: (m: { year: number; month: number }) => monthNames.format(at(m)),
      grade: (grade: string | null) => (grade === null ? '' : grade === '0' ? t('grade.prep') : t('grade.numbered', { grade: format.number(Number(grade)) })),
      medical: (condition: string) => t(`medical.${condition}`, { defaultValue: condition }),
    };
  }, [format, t]);
}
