import { useTranslation } from 'react-i18next';
import { ACTIVITY_SUBJECT_TYPES, ACTIVITY_TYPES } from '@app/shared/schemas/activity.schema';
import { Options } from '../../../components/ui/options.tsx';
import { DateRangeFilter, FilterPanel, FilterSelect, bindFilters, type FilterList } from '../../../components/list/filter-panel.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useActivityUsers } from '../api/get-activity-users.ts';
import type { ActivityFilter } from './activity-list-spec.ts';
import { useActivityLabels } from '../../../lib/activity-labels.ts';

interface ActivityFiltersProps {
  id: string;
  list: FilterList<ActivityFilter>;
}

/** The log's filters: who, type, kind of record, from and to (inclusive days), reset. */
export function ActivityFilters({ id, list }: ActivityFiltersProps) {
  const { t } = useTranslation('activities');
  const labels = useActivityLabels();
  const users = useActivityUsers();
  const filter = bindFilters(list);
  const { params, invalid } = list;

  return (
    <FilterPanel id={id} label={t('filters.label')} columns={6} list={list} resetLabel={t('filters.reset')}>
      <FilterSelect label={t('filters.user')} all={t('filters.allUsers')} error={users.isError ? t('filters.usersError') : undefined} {...filter('user_id')}>
        {/* A user chosen by a link before the names arrive stays selected. */}
        {params.user_id && !users.data?.some((u) => String(u.id) === params.user_id) ? <option value={params.user_id}>#{params.user_id}</option> : null}
        {users.data?.map((u) => (
          <option key={u.id} value={String(u.id)}>
            {u.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t('filters.type')} all={t('filters.all')} {...filter('type')}>
        <Options values={ACTIVITY_TYPES} label={labels.type} />
      </FilterSelect>
      {/* Changing the kind drops a record id that belonged to the old kind. */}
      <FilterSelect label={t('filters.record')} all={t('filters.all')} error={translateMessage(t, invalid.subject_type)} {...filter('subject_type', ['subject_id'])}>
        <Options values={ACTIVITY_SUBJECT_TYPES} label={labels.subject} />
      </FilterSelect>
      <DateRangeFilter list={list} from="date_from" to="date_to" fromLabel={t('filters.from')} toLabel={t('filters.to')} />
    </FilterPanel>
  );
}
