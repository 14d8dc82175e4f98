import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import { activitiesQuery } from '../api/get-activities.ts';
import { ActivityFilters } from '../components/activity-filters.tsx';
import { ACTIVITY_LIST } from '../components/activity-list-spec.ts';
import { ActivityTable } from '../components/activity-table.tsx';

/**
 * /dashboard/activities: the whole activity log for administrators — who changed what
 * and when, newest first, filtered and paged in the URL, each entry linking to its record while
 * it still exists outside the trash.
 */
export function ActivityLogPage() {
  const { t } = useTranslation('activities');
  const activities = usePagedList(ACTIVITY_LIST, activitiesQuery, flatPage);
  const { list } = activities;

  return (
    <ListScreen
      id="activities"
      title={t('title')}
      subtitle={t('subtitle')}
      filters={{ show: t('filters.show'), hide: t('filters.hide'), open: true, panel: (id) => <ActivityFilters id={id} list={list} /> }}
      {...activities}
      loadingLabel={t('loading')}
      empty={list.hasFilters ? t('emptyFiltered') : t('empty')}
      error={(message) => t('loadError', { message })}
    >
      <ActivityTable rows={activities.rows} />
    </ListScreen>
  );
}
