import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import { activitiesQuery } from '../api/get-activities.ts';
import { ActivityFilters } from '../components/activity-filters.tsx';
import { ACTIVITY_LIST } from '../components/activity-list-spec.ts';
import { ActivityTable } from '../components/activity-table.tsx';

const FILTER_PANEL_ID = 'activity-filters';

/**
 * /dashboard/activities: the whole activity log for administrators (issue 15) — who changed what
 * and when, newest first, filtered and paged in the URL, each entry linking to its record while
 * it still exists outside the trash.
 */
export function ActivityLogPage() {
  const { t } = useTranslation('activities');
  const activities = usePagedList(ACTIVITY_LIST, activitiesQuery, flatPage);
  const { list } = activities;
  const [filtersOpen, setFiltersOpen] = useState(true);

  return (
    <ListScreen
      id="activities"
      title={t('title')}
      subtitle={t('subtitle')}
      toolbar={
        <Button
          variant={filtersOpen || list.hasFilters ? 'secondary' : 'outline'}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          aria-controls={FILTER_PANEL_ID}
        >
          <Filter className="h-4 w-4" aria-hidden />
          {filtersOpen ? t('filters.hide') : t('filters.show')}
        </Button>
      }
      panel={filtersOpen ? <ActivityFilters id={FILTER_PANEL_ID} list={list} /> : null}
      {...activities}
      loadingLabel={t('loading')}
      empty={list.hasFilters ? t('emptyFiltered') : t('empty')}
      error={(message) => t('loadError', { message })}
    >
      <ActivityTable rows={activities.rows} />
    </ListScreen>
  );
}
