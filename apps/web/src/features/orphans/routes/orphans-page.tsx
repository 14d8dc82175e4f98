import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Archive, Filter, Plus } from 'lucide-react';
import { ORPHAN_PAGE_SIZES } from '@app/shared/constants';
import { PERMISSION } from '@app/shared/permissions';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { Can, PermissionButton } from '../../../components/can.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Paginator } from '../../../components/ui/paginator.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useOrphans } from '../api/get-orphans.ts';
import { useDeleteOrphan } from '../api/delete-orphan.ts';
import { OrphanFilters } from '../components/orphan-filters.tsx';
import { OrphanSearchBox } from '../components/orphan-search-box.tsx';
import { OrphanTable } from '../components/orphan-table.tsx';
import { useOrphanListState } from '../components/use-orphan-list-state.ts';

const FILTER_PANEL_ID = 'orphan-filters';

export function OrphansPage() {
  const { t } = useTranslation('orphans');
  const { t: tc } = useTranslation();
  const { params, setFilters, resetFilters, setPage, setPageSize } = useOrphanListState();
  const hasFilters = !!(params.gender || params.class_grade || params.admission_from || params.admission_to);
  const [filtersOpen, setFiltersOpen] = useState(hasFilters);
  const [toDelete, setToDelete] = useState<OrphanListItem | null>(null);
  const list = useOrphans(params);
  const remove = useDeleteOrphan();

  const page = list.data;
  const rows = page?.data ?? [];
  const translate = (message: string) => translateMessage(message) ?? message;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: (body) => {
        toast.success(translate(body?.message || t('list.deleted')));
        setToDelete(null);
        // Deleting the last row of the last page would leave an empty page behind.
        if (rows.length === 1 && params.page > 1) setPage(params.page - 1);
      },
      onError: (err) => {
        toast.error(t('list.deleteFailed', { message: translate(err.message) }));
        setToDelete(null);
      },
    });
  };

  return (
    <section aria-labelledby="orphans-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orphans-title" className="text-2xl font-semibold">
          {t('list.title')}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Can permission={PERMISSION.orphan.delete}>
            <Button asChild variant="outline">
              <Link to="/dashboard/orphans/trash">
                <Archive className="h-4 w-4" aria-hidden />
                {t('list.trash')}
              </Link>
            </Button>
          </Can>
          <PermissionButton permission={PERMISSION.orphan.create} asChild>
            <Link to="/dashboard/orphans/create">
              <Plus className="h-4 w-4" aria-hidden />
              {t('list.add')}
            </Link>
          </PermissionButton>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <OrphanSearchBox
          value={params.search ?? ''}
          onSearch={(search) => setFilters({ search })}
          label={t('list.searchLabel')}
          placeholder={t('list.searchPlaceholder')}
          clearLabel={t('list.reset')}
        />
        <Button
          variant={filtersOpen || hasFilters ? 'secondary' : 'outline'}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          aria-controls={FILTER_PANEL_ID}
        >
          <Filter className="h-4 w-4" aria-hidden />
          {filtersOpen ? t('list.hideFilters') : t('list.showFilters')}
        </Button>
        {list.isFetching && !list.isPending ? <Spinner label={t('list.updating')} className="text-sm" /> : null}
      </div>

      {filtersOpen ? <OrphanFilters id={FILTER_PANEL_ID} params={params} onChange={setFilters} onReset={resetFilters} /> : null}

      {list.isError ? (
        <Notice tone="error">{t('list.error', { message: translate(list.error.message) })}</Notice>
      ) : list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={tc('status.loading')} />
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
          <EmptyState message={t('list.empty')} />
        </div>
      ) : (
        <div aria-busy={list.isFetching} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <OrphanTable
            rows={rows}
            sort={params.sort}
            onSort={(sort) => setFilters({ sort })}
            onDelete={setToDelete}
          />
        </div>
      )}

      {page && !list.isError ? (
        <Paginator
          currentPage={page.current_page}
          lastPage={page.last_page}
          onPageChange={setPage}
          from={page.from}
          to={page.to}
          total={page.total}
          pageSize={params.per_page}
          pageSizeOptions={ORPHAN_PAGE_SIZES}
          onPageSizeChange={setPageSize}
        />
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        message={t('list.deleteConfirm')}
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </section>
  );
}
