import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The words for an entry's type, kind of record and action. The log keeps what code wrote (a new
 * action is just a new word), so one this screen does not know yet is shown as written, readable
 * rather than hidden.
 */
export function useActivityLabels() {
  const { t } = useTranslation('activities');
  return useMemo(() => {
    const readable = (raw: string) => raw.replace(/_/g, ' ');
    return {
      type: (type: string) => t(`types.${type}`, { defaultValue: readable(type) }),
      subject: (kind: string) => t(`subjects.${kind}`, { defaultValue: readable(kind) }),
      action: (action: string) => t(`actions.${action}`, { defaultValue: readable(action) }),
    };
  }, [t]);
}
