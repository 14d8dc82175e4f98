import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { ACCESS, PERMISSION } from '@app/shared/permissions';
import type { TrashedOrphanListItem } from '@app/shared/schemas/orphan.schema';
import { useCan } from '../../../components/can.tsx';
import { DataTable } from '../../../components/list/data-table.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { orphanTrashQuery } from '../api/get-orphan-trash.ts';
import { usePurgeOrphan } from '../api/purge-orphan.ts';
import { useRestoreOrphan } from '../api/restore-orphan.ts';
import { fullName, orDash } from '../components/orphan-format.ts';
import { ORPHAN_TRASH_LIST } from '../components/orphan-list-spec.ts';
import { useOrphanFormat } from '../components/use-orphan-format.ts';

/** /dashboard/orphans/trash: children deleted from the list, to restore or (administrators) purge. */
export function OrphanTrashPage() {
  const { t } = useTranslation('orphans');
  const format = useOrphanFormat();
  const trash = usePagedList(ORPHAN_TRASH_LIST, orphanTrashQuery, flatPage);
  const restore = useRestoreOrphan();
  const purge = usePurgeOrphan();
  const canRestore = useCan(PERMISSION.orphan.delete);
  // Only administrators who hold delete-orphans purge: the server route's own rule.
  const canPurge = useCan(ACCESS.purgeOrphans);
  const failedWith = (key: 'trash.restoreFailed' | 'trash.purgeFailed') => (err: unknown) =>
    t(key, { message: translateMessage(t, err instanceof Error ? err.message : String(err)) });

  const purging = useConfirmDelete<TrashedOrphanListItem>({
    remove: purge.mutateAsync,
    title: t('trash.purgeTitle'),
    message: (orphan) => t('trash.purgeConfirm', { name: fullName(orphan) }),
    confirmLabel: t('actions.purge'),
    done: t('trash.purged'),
    failed: failedWith('trash.purgeFailed'),
    from: trash,
  });

  const doRestore = (orphan: TrashedOrphanListItem) =>
    restore.mutate(orphan.id, {
      onSuccess: (body) => {
        toast.success(translateMessage(t, body?.message) || t('trash.restored'));
        trash.list.afterRemoval(trash.rows.length);
      },
      onError: (err) => toast.error(failedWith('trash.restoreFailed')(err)),
    });

  return (
    <>
      <ListScreen
        id="orphan-trash"
        title={t('trash.title')}
        subtitle={t('trash.subtitle')}
        links={[{ label: t('trash.back'), to: '/dashboard/orphans', icon: ArrowLeft, mirrored: true }]}
        search={{ label: t('list.searchLabel'), placeholder: t('list.searchPlaceholder') }}
        {...trash}
        empty={trash.list.params.search ? t('list.empty') : t('trash.empty')}
        error={(message) => t('trash.error', { message })}
      >
        <DataTable
          rows={trash.rows}
          columns={[
            { id: 'id', header: t('columns.id'), cell: (orphan) => format.id(orphan.id), className: 'tabular-nums text-gray-500 dark:text-gray-400' },
            {
              id: 'name',
              header: t('columns.name'),
              key: true,
              cell: (orphan) => (
                <>
                  <div className="font-medium" dir="auto">{fullName(orphan)}</div>
                  {orphan.father_name ? <div className="text-xs text-gray-500 dark:text-gray-400">{orphan.father_name}</div> : null}
                </>
              ),
            },
            { id: 'grade', header: t('columns.grade'), cell: (orphan) => orDash(format.grade(orphan.class_grade)) },
            { id: 'deleted', header: t('columns.deletedAt'), cell: (orphan) => orDash(format.date(orphan.deleted_at)), className: 'whitespace-nowrap' },
          ]}
          actions={[
            {
              id: 'restore',
              text: t('actions.restore'),
              icon: RotateCcw,
              label: (orphan) => t('actions.restoreNamed', { name: fullName(orphan) }),
              allowed: canRestore,
              disabledFor: (orphan) => restore.isPending && restore.variables === orphan.id,
              onSelect: doRestore,
            },
            { kind: 'delete', label: (orphan) => t('actions.purgeNamed', { name: fullName(orphan) }), allowed: canPurge, onSelect: purging.ask },
          ]}
        />
      </ListScreen>
      {purging.dialog}
    </>
  );
}
