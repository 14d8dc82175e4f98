import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, RotateCcw, Trash2 } from 'lucide-react';
import { ORPHAN_DEFAULT_PAGE_SIZE, ORPHAN_PAGE_SIZES } from '@app/shared/constants';
import { ACCESS, PERMISSION } from '@app/shared/permissions';
import type { TrashedOrphanListItem } from '@app/shared/schemas/orphan.schema';
import { Can } from '../../../components/can.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Paginator } from '../../../components/ui/paginator.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../components/ui/table.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useOrphanTrash } from '../api/get-orphan-trash.ts';
import { usePurgeOrphan } from '../api/purge-orphan.ts';
import { useRestoreOrphan } from '../api/restore-orphan.ts';
import { fullName, orDash } from '../components/orphan-format.ts';
import { OrphanSearchBox } from '../components/orphan-search-box.tsx';
import { useOrphanFormat } from '../components/use-orphan-format.ts';

/** /dashboard/orphans/trash: children deleted from the list, to restore or (administrators) purge. */
export function OrphanTrashPage() {
  const { t } = useTranslation('orphans');
  const { t: tc } = useTranslation();
  const format = useOrphanFormat();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(ORPHAN_DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [toPurge, setToPurge] = useState<TrashedOrphanListItem | null>(null);
  const trash = useOrphanTrash({ page, per_page: perPage, search: search || undefined });
  const restore = useRestoreOrphan();
  const purge = usePurgeOrphan();
  const rows = trash.data?.data ?? [];

  const afterRemoval = () => {
    if (rows.length === 1 && page > 1) setPage(page - 1);
  };

  const doRestore = (orphan: TrashedOrphanListItem) =>
    restore.mutate(orphan.id, {
      onSuccess: (body) => {
        toast.success(translateMessage(body?.message) || t('trash.restored'));
        afterRemoval();
      },
      onError: (err) => toast.error(t('trash.restoreFailed', { message: translateMessage(err.message) })),
    });

  const doPurge = () => {
    if (!toPurge) return;
    purge.mutate(toPurge.id, {
      onSuccess: (body) => {
        toast.success(translateMessage(body?.message) || t('trash.purged'));
        setToPurge(null);
        afterRemoval();
      },
      onError: (err) => {
        toast.error(t('trash.purgeFailed', { message: translateMessage(err.message) }));
        setToPurge(null);
      },
    });
  };

  return (
    <section aria-labelledby="orphan-trash-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="orphan-trash-title" className="text-2xl font-semibold">
            {t('trash.title')}
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('trash.subtitle')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/dashboard/orphans">
            <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
            {t('trash.back')}
          </Link>
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <OrphanSearchBox
          value={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          label={t('list.searchLabel')}
          placeholder={t('list.searchPlaceholder')}
          clearLabel={t('list.reset')}
        />
        {trash.isFetching && !trash.isPending ? <Spinner label={t('list.updating')} className="text-sm" /> : null}
      </div>

      {trash.isError ? (
        <Notice tone="error">{t('trash.error', { message: translateMessage(trash.error.message) })}</Notice>
      ) : trash.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={tc('status.loading')} />
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
          <EmptyState message={search ? t('list.empty') : t('trash.empty')} />
        </div>
      ) : (
        <div aria-busy={trash.isFetching}>
          <Table>
            <TableHead>
              <tr>
                <TableHeaderCell>{t('columns.id')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.name')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.grade')}</TableHeaderCell>
                <TableHeaderCell>{t('columns.deletedAt')}</TableHeaderCell>
                <TableHeaderCell className="text-end">{t('columns.actions')}</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {rows.map((orphan) => {
                const name = fullName(orphan);
                return (
                  <TableRow key={orphan.id}>
                    <TableCell className="tabular-nums text-gray-500 dark:text-gray-400">{orphan.id}</TableCell>
                    <TableCell>
                      <div className="font-medium">{name}</div>
                      {orphan.father_name ? <div className="text-xs text-gray-500 dark:text-gray-400">{orphan.father_name}</div> : null}
                    </TableCell>
                    <TableCell>{orDash(format.grade(orphan.class_grade))}</TableCell>
                    <TableCell className="whitespace-nowrap">{orDash(format.date(orphan.deleted_at))}</TableCell>
                    <TableCell>
                      <div className="flex items-center justify-end gap-1">
                        <Can permission={PERMISSION.orphan.delete}>
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => doRestore(orphan)}
                            disabled={restore.isPending && restore.variables === orphan.id}
                            aria-label={t('actions.restoreNamed', { name })}
                          >
                            <RotateCcw className="h-4 w-4" aria-hidden />
                            <span>{t('actions.restore')}</span>
                          </Button>
                        </Can>
                        {/* Only administrators who hold delete-orphans purge: the server route's own rule. */}
                        <Can rule={ACCESS.purgeOrphans}>
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
                            onClick={() => setToPurge(orphan)}
                            aria-label={t('actions.purgeNamed', { name })}
                          >
                            <Trash2 className="h-4 w-4" aria-hidden />
                            <span className="hidden sm:inline">{t('actions.purge')}</span>
                          </Button>
                        </Can>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}

      {trash.data && !trash.isError ? (
        <Paginator
          currentPage={trash.data.current_page}
          lastPage={trash.data.last_page}
          onPageChange={setPage}
          from={trash.data.from}
          to={trash.data.to}
          total={trash.data.total}
          pageSize={perPage}
          pageSizeOptions={ORPHAN_PAGE_SIZES}
          onPageSizeChange={(size) => {
            setPerPage(size);
            setPage(1);
          }}
        />
      ) : null}

      <ConfirmDialog
        open={toPurge !== null}
        onOpenChange={(open) => {
          if (!open && !purge.isPending) setToPurge(null);
        }}
        title={t('trash.purgeTitle')}
        message={t('trash.purgeConfirm', { name: toPurge ? fullName(toPurge) : '' })}
        confirmLabel={t('actions.purge')}
        onConfirm={doPurge}
        busy={purge.isPending}
      />
    </section>
  );
}
