import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDARS, type CalendarName } from '@app/shared/constants';
import { useAuth } from '../../../lib/auth-context.tsx';
import { formatDate, todayIso } from '../../../lib/format-date.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { useCalendar } from '../../../lib/use-format.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useUpdateCalendar } from '../api/update-calendar.ts';

/**
 * The calendar dates are shown and entered in: Gregorian or Solar Hijri. Each choice
 * shows today in it, so the difference is plain; choosing saves at once to the profile, and every
 * date on every screen (and every date field) follows.
 */
export function CalendarSetting() {
  const { t, i18n } = useTranslation('admin');
  const { user, refreshUser } = useAuth();
  const current = useCalendar();
  const update = useUpdateCalendar();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // The choice being saved shows as chosen at once; a refused save puts the stored one back.
  const [pending, setPending] = useState<CalendarName | null>(null);
  const shown = pending ?? current;
  const today = todayIso();

  const choose = async (calendar: CalendarName) => {
    if (!user || calendar === current) return;
    setResult(null);
    setPending(calendar);
    try {
      await update.mutateAsync({ user, calendar });
      await refreshUser();
      setResult({ tone: 'success', text: t('profile.calendar.saved') });
    } catch (err) {
      setResult({ tone: 'error', text: messageOr(t, err, t('profile.calendar.failed')) });
    } finally {
      setPending(null);
    }
  };

  return (
    <fieldset className="space-y-2" disabled={update.isPending}>
      <legend className="sr-only">{t('profile.calendar.title')}</legend>
      {CALENDARS.map((calendar) => (
        <label
          key={calendar}
          className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 dark:border-gray-700"
        >
          <input
            type="radio"
            name="calendar"
            value={calendar}
            checked={shown === calendar}
            onChange={() => void choose(calendar)}
            className="h-4 w-4 text-brand-700 focus:ring-brand-600"
          />
          <span className="flex flex-col">
            <span className="text-sm font-medium">{t(`profile.calendar.${calendar}`)}</span>
            <span className="text-sm text-gray-600 dark:text-gray-400">
              {t('profile.calendar.today', { date: formatDate(today, { language: i18n.language, calendar }, { style: 'long' }) })}
            </span>
          </span>
        </label>
      ))}
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
    </fieldset>
  );
}
