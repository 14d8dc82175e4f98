import { useTranslation } from 'react-i18next';
import { crudPermissions, type CrudGroup } from '@app/shared/permissions';
import type { EnglishResources } from '../../lib/i18n-resources.ts';
import { useConfirmDelete, type ConfirmDeleteOptions } from './confirm-delete.tsx';

/**
 * A feature whose list follows the kit's conventions: one name for its permission group
 * (`view-<feature>`, `create-<feature>`, ..., spec section 6), its texts' namespace (the list's
 * words under `list` by the kit's keys) and its pages under /dashboard/<feature>. Derived from the
 * permissions and the English namespaces, so a new feature is one by having both.
 */
export type ListFeature = Extract<CrudGroup, keyof EnglishResources>;

/** The view/create/edit/delete permissions of a list feature. */
export const featurePermissions = (feature: ListFeature) => crudPermissions(feature);

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
      add: { label: t('list.add'), permission: featurePermissions(feature).create, to: `/dashboard/${feature}/create` },
      empty: t('list.empty'),
      error: (message: string) => t('list.error', { message }),
    },
    deletion,
  };
}
