import { useTranslation } from 'react-i18next';
import { Archive } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useFeatureList } from '../../../components/list/feature-list.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import { orphansQuery } from '../api/get-orphans.ts';
import { useDeleteOrphan } from '../api/delete-orphan.ts';
import { OrphanFilters } from '../components/orphan-filters.tsx';
import { ORPHAN_LIST } from '../components/orphan-list-spec.ts';
import { OrphanTable } from '../components/orphan-table.tsx';

/** /dashboard/orphans: the orphan list (spec section 2). */
export function OrphansPage() {
  const { t } = useTranslation('orphans');
  const orphans = usePagedList(ORPHAN_LIST, orphansQuery, flatPage);
  const { list } = orphans;
  const { screen, deletion } = useFeatureList<OrphanListItem>('orphans', { remove: useDeleteOrphan().mutateAsync, from: orphans });

  return (
    <>
      <ListScreen
        id="orphans"
        {...screen}
        links={[{ label: t('list.trash'), to: '/dashboard/orphans/trash', icon: Archive, check: { permission: PERMISSION.orphan.delete } }]}
        search={{ label: t('list.searchLabel'), placeholder: t('list.searchPlaceholder') }}
        filters={{ show: t('list.showFilters'), hide: t('list.hideFilters'), open: list.hasFilters, panel: (id) => <OrphanFilters id={id} list={list} /> }}
        {...orphans}
      >
        <OrphanTable rows={orphans.rows} sort={list.sort} onSort={list.setSort} onDelete={deletion.ask} />
      </ListScreen>
      {deletion.dialog}
    </>
  );
}
