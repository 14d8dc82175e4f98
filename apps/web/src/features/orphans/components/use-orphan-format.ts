import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ageOn } from '../../../lib/age.ts';
import { formatDate, formatId, formatNumber, todayIso } from '../../../lib/format-date.ts';
import { useDateDisplay } from '../../../lib/use-format.ts';
import { capitalise, effectiveStatus, formatMoney, gradeLabel } from './orphan-format.ts';

/** The display rules of orphan-format.ts, bound to the current language's texts and locale, and the reader's calendar. */
export function useOrphanFormat() {
  const { t, i18n } = useTranslation('orphans');
  const locale = i18n.language;
  const display = useDateDisplay();
  return useMemo(
    () => ({
      locale,
      grade: (value: string | number | null | undefined) =>
        gradeLabel(value, { prep: t('grade.prep'), numbered: (grade) => t('grade.numbered', { grade: formatNumber(grade, locale) }) }),
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
      /** A stored date in the reader's language and calendar; null when there is none (shown as '-'). */
      date: (value: string | null | undefined) => (value ? formatDate(value, display) : null),
      /** Whole years today, by birthdays in the reader's calendar (lib/age.ts). */
      age: (dob: string | null | undefined) => {
        const age = ageOn(dob, todayIso(), display.calendar);
        return age === null ? null : formatNumber(age, locale);
      },
      /** The child's id in the reader's digits. */
      id: (id: number) => formatId(id, locale),
      money: (value: string | number | null | undefined) => formatMoney(value, locale),
    }),
    [t, locale, display],
  );
}
