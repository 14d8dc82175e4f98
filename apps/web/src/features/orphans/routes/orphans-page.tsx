import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Archive, Filter } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { Can } from '../../../components/can.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { orphansQuery } from '../api/get-orphans.ts';
import { useDeleteOrphan } from '../api/delete-orphan.ts';
import { OrphanFilters } from '../components/orphan-filters.tsx';
import { ORPHAN_LIST } from '../components/orphan-list-spec.ts';
import { OrphanTable } from '../components/orphan-table.tsx';

const FILTER_PANEL_ID = 'orphan-filters';

/** /dashboard/orphans: the orphan list (spec section 2). */
export function OrphansPage() {
  const { t } = useTranslation('orphans');
  const orphans = usePagedList(ORPHAN_LIST, orphansQuery, flatPage);
  const { list } = orphans;
  const remove = useDeleteOrphan();
  const [filtersOpen, setFiltersOpen] = useState(list.hasFilters);
  const deletion = useConfirmDelete<OrphanListItem>({
    remove: remove.mutateAsync,
    message: t('list.deleteConfirm'),
    done: t('list.deleted'),
    failed: (err) => t('list.deleteFailed', { message: translateMessage(t, err instanceof Error ? err.message : String(err)) }),
    from: orphans,
  });

  return (
    <>
      <ListScreen
        id="orphans"
        title={t('list.title')}
        add={{ label: t('list.add'), permission: PERMISSION.orphan.create, to: '/dashboard/orphans/create' }}
        actions={
          <Can permission={PERMISSION.orphan.delete}>
            <Button asChild variant="outline">
              <Link to="/dashboard/orphans/trash">
                <Archive className="h-4 w-4" aria-hidden />
                {t('list.trash')}
              </Link>
            </Button>
          </Can>
        }
        search={{ label: t('list.searchLabel'), placeholder: t('list.searchPlaceholder') }}
        toolbar={
          <Button
            variant={filtersOpen || list.hasFilters ? 'secondary' : 'outline'}
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            aria-controls={FILTER_PANEL_ID}
          >
            <Filter className="h-4 w-4" aria-hidden />
            {filtersOpen ? t('list.hideFilters') : t('list.showFilters')}
          </Button>
        }
        panel={filtersOpen ? <OrphanFilters id={FILTER_PANEL_ID} list={list} /> : null}
        {...orphans}
        empty={t('list.empty')}
        error={(message) => t('list.error', { message })}
      >
        <OrphanTable rows={orphans.rows} sort={list.sort} onSort={list.setSort} onDelete={deletion.ask} />
      </ListScreen>
      {deletion.dialog}
    </>
  );
}
