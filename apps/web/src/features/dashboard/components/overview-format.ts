import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format.ts';

/**
 * The overview's texts for dates, numbers, months and grades, in the reader's language (and
 * calendar). A chart month is a Gregorian month — the records are kept by it — named for a Solar
 * Hijri reader by the Solar Hijri months it covers (lib/format-period.ts).
 */
export function useOverviewFormat() {
  const format = useFormat();
  const { t } = useTranslation('orphans');
  return useMemo(() => {
    return {
      number: (n: number) => format.number(n),
      percent: (n: number) => format.number(n / 100, { style: 'percent', maximumFractionDigits: 1 }),
      date: (value: string) => format.date(value),
      month: (m: { year: number; month: number }) => format.month(m.month, m.year),
      shortMonth: (m: { year: number; month: number }) => format.month(m.month, m.year, { short: true }),
      grade: (grade: string | null) => (grade === null ? '' : grade === '0' ? t('grade.prep') : t('grade.numbered', { grade: format.number(Number(grade)) })),
      medical: (condition: string) => t(`medical.${condition}`, { defaultValue: condition }),
    };
  }, [format, t]);
}
