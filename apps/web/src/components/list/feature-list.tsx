import { useTranslation } from 'react-i18next';
import { PERMISSION } from '@app/shared/permissions';
import { useConfirmDelete, type ConfirmDeleteOptions } from './confirm-delete.tsx';

/** The permissions of each feature whose list follows the kit's conventions (spec section 6). */
export const FEATURE_PERMISSIONS = { orphans: PERMISSION.orphan, results: PERMISSION.result, attendance: PERMISSION.attendance } as const;

/** A feature whose namespace names its list's words under `list` by the kit's keys, and whose pages live under /dashboard/<feature>. */
export type ListFeature = keyof typeof FEATURE_PERMISSIONS;

/**
 * What follows from a feature's name on its list screen: `screen` for ListScreen (its namespace's
 * list.title, list.subtitle when it has one, list.empty and list.error, and the Add button —
 * list.add, the feature's create permission, /dashboard/<feature>/create), and `deletion`, the
 * confirm-delete of a row with list.deleteConfirm, list.deleted and list.deleteFailed. A new
 * feature's list writes that block and spreads `screen`.
 */
export function useFeatureList<T extends { id: number }>(feature: ListFeature, { remove, from }: Pick<ConfirmDeleteOptions<T>, 'remove' | 'from'>) {
  const { t, i18n } = useTranslation(feature);
  const deletion = useConfirmDelete<T>({
    remove,
    message: t('list.deleteConfirm'),
    done: t('list.deleted'),
    failed: (message) => t('list.deleteFailed', { message }),
    from,
  });
  return {
    screen: {
      title: t('list.title'),
      subtitle: i18n.exists('list.subtitle', { ns: feature }) ? t('list.subtitle') : undefined,
      add: { label: t('list.add'), permission: FEATURE_PERMISSIONS[feature].create, to: `/dashboard/${feature}/create` },
      empty: t('list.empty'),
      error: (message: string) => t('list.error', { message }),
    },
    deletion,
  };
}
