import { useTranslation } from 'react-i18next';

/** The features whose namespace names its list's words under `list` by the kit's keys. */
export type ListNamespace = 'orphans' | 'results' | 'attendance';

/**
 * A list screen's own words from its namespace's `list` block: `screen` for ListScreen (title,
 * subtitle when it has one, the empty and error texts) and `deletion` for useConfirmDelete (the
 * question and its toasts). A new feature's list writes that block and spreads these.
 */
export function useListTexts(ns: ListNamespace) {
  const { t, i18n } = useTranslation(ns);
  return {
    screen: {
      title: t('list.title'),
      subtitle: i18n.exists('list.subtitle', { ns }) ? t('list.subtitle') : undefined,
      empty: t('list.empty'),
      error: (message: string) => t('list.error', { message }),
    },
    deletion: {
      message: t('list.deleteConfirm'),
      done: t('list.deleted'),
      failed: (message: string) => t('list.deleteFailed', { message }),
    },
  };
}
