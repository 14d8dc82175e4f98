import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarName } from '@app/shared/constants';
import { useAuth } from './auth-context.tsx';
import { defaultCalendarFor, formatDate, formatId, formatNumber, type DateDisplay, type DateFormatOptions } from './format-date.ts';
import { formatMonth, formatPickerMonth, formatYear, type MonthFormatOptions } from './format-period.ts';

/**
 * The calendar the current reader wants: a signed-in user's own setting (profile page), else
 * the default for the language (format-date.ts, defaultCalendarFor: Solar Hijri for Dari and
 * Pashto, Gregorian for English).
 */
export function useCalendar(): CalendarName {
  const { user } = useAuth();
  const { i18n } = useTranslation();
  return user?.calendar ?? defaultCalendarFor(i18n.language);
}

/** The reader's language and calendar. */
export function useDateDisplay(): DateDisplay {
  const { i18n } = useTranslation();
  const calendar = useCalendar();
  const language = i18n.language;
  return useMemo(() => ({ language, calendar }), [language, calendar]);
}

/** Dates and numbers for the current reader: every screen formats through this (or format-date.ts with a DateDisplay). */
export function useFormat() {
  const display = useDateDisplay();
  return useMemo(
    () => ({
      ...display,
      date: (value: string | null | undefined, options?: DateFormatOptions) => formatDate(value, display, options),
      dateTime: (value: string | null | undefined) => formatDate(value, display, { withTime: true }),
      number: (value: number | string | null | undefined, options?: Intl.NumberFormatOptions) => formatNumber(value, display.language, options),
      id: (value: number | string | null | undefined) => formatId(value, display.language),
      /** A kept Gregorian month (1-12), with its year or without (format-period.ts). */
      month: (month: number, year?: number, options?: MonthFormatOptions) => formatMonth(month, year, display, options),
      /** A month offered beside a year picker (format-period.ts). */
      pickerMonth: (month: number, year?: number) => formatPickerMonth(month, year, display),
      /** A kept Gregorian year (format-period.ts). */
      year: (year: number | string) => formatYear(year, display),
    }),
    [display],
  );
}
