import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { capitalise, effectiveStatus, formatDate, formatMoney, gradeLabel } from './orphan-format.ts';

/** The display rules of orphan-format.ts, bound to the current language's texts and locale. */
export function useOrphanFormat() {
  const { t, i18n } = useTranslation('orphans');
  const locale = i18n.language;
  return useMemo(
    () => ({
      locale,
      grade: (value: string | number | null | undefined) =>
        gradeLabel(value, { prep: t('grade.prep'), numbered: (grade) => t('grade.numbered', { grade }) }),
      gender: (value: string | null | undefined) => {
        if (!value) return null;
        const key = value.toLowerCase();
        return key === 'male' || key === 'female' || key === 'other' ? t(`gender.${key}`) : capitalise(value);
      },
      status: (value: string | null | undefined) => {
        const status = effectiveStatus(value);
        const key = status.toLowerCase();
        return key === 'active' || key === 'inactive' || key === 'graduated' ? t(`status.${key}`) : capitalise(status);
      },
      medical: (value: string | null | undefined) => {
        if (!value) return null;
        return t(`medical.${value}` as 'medical.Healthy', { defaultValue: value });
      },
      date: (value: string | null | undefined) => formatDate(value, locale),
      money: (value: string | number | null | undefined) => formatMoney(value, locale),
    }),
    [t, locale],
  );
}
