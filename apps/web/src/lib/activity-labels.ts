import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_SUBJECTS, type ActivityPeriod } from '@app/shared/schemas/activity.schema';
import { useFormat } from './use-format.ts';

/** What an entry names: its record, and for an attendance entry the month (and a class's count of children). */
export interface ActivityRecord {
  name: string;
  period: ActivityPeriod | null;
  child_count: number | null;
}

/**
 * The words for an entry's type, kind of record and action. The log keeps what code wrote (a new
 * action is just a new word), so one this screen does not know yet is shown as written, readable
 * rather than hidden. An attendance entry's month comes as data and is written here in the
 * reader's language and calendar, the way every other month on screen is.
 */
export function useActivityLabels() {
  const { t } = useTranslation('activities');
  const format = useFormat();
  return useMemo(() => {
    const readable = (raw: string) => raw.replace(/_/g, ' ');
    return {
      type: (type: string) => t(`types.${type}`, { defaultValue: readable(type) }),
      // Each kind's name is its feature's own text (`<namespace>:activitySubjects.<kind>`).
      subject: (kind: string) => {
        const namespace = (ACTIVITY_SUBJECTS as Record<string, { namespace: string }>)[kind]?.namespace;
        return namespace ? t(`${namespace}:activitySubjects.${kind}` as never, { defaultValue: readable(kind) }) : readable(kind);
      },
      action: (action: string) => t(`actions.${action}`, { defaultValue: readable(action) }),
      /** "Amina Rahimi: March 2025", "March 2025: 17 children" (Hijri and Dari or Pashto as the reader reads). */
      record: (entry: ActivityRecord) => {
        if (!entry.period) return entry.name;
        const month = format.month(entry.period.month, entry.period.year);
        const parts = [entry.name, month, entry.child_count === null ? '' : t('classMonth', { count: entry.child_count })].filter(Boolean);
        return parts.join(': ');
      },
    };
  }, [t, format]);
}
