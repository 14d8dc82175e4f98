import { useTranslation } from 'react-i18next';
import { READ_KINDS } from '@app/shared/schemas/read-log.schema';
import { Options } from '../../../components/ui/options.tsx';
import { DateRangeFilter, FilterPanel, FilterSelect, bindFilters, type FilterList } from '../../../components/list/filter-panel.tsx';
import { OrphanOptions } from '../../../components/school-options.tsx';
import { useAccessLogUsers } from '../api/get-access-log-users.ts';
import type { AccessLogFilter } from './access-log-list-spec.ts';
import { useReadLabels } from './read-labels.ts';

/** The Access log's filters: who, which child, what kind of read, from and to (inclusive days), reset. */
export function AccessLogFilters({ id, list }: { id: string; list: FilterList<AccessLogFilter> }) {
  const { t } = useTranslation('activities');
  const users = useAccessLogUsers();
  const labels = useReadLabels();
  const filter = bindFilters(list);
  const { params } = list;

  return (
    <FilterPanel id={id} label={t('accessLog.filters')} columns={6} list={list} resetLabel={t('filters.reset')}>
      <FilterSelect label={t('filters.user')} all={t('filters.allUsers')} error={users.isError ? t('filters.usersError') : undefined} {...filter('user_id')}>
        {params.user_id && !users.data?.some((u) => String(u.id) === params.user_id) ? <option value={params.user_id}>#{params.user_id}</option> : null}
        {users.data?.map((u) => (
          <option key={u.id} value={String(u.id)}>
            {u.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t('accessLog.child')} all={t('filters.all')} {...filter('orphan_id')}>
        <OrphanOptions keep={params.orphan_id ? { id: Number(params.orphan_id), label: `#${params.orphan_id}` } : undefined} />
      </FilterSelect>
      <FilterSelect label={t('accessLog.kind')} all={t('filters.all')} {...filter('kind')}>
        <Options values={READ_KINDS} label={labels.kind} />
      </FilterSelect>
      <DateRangeFilter list={list} from="date_from" to="date_to" fromLabel={t('filters.from')} toLabel={t('filters.to')} />
    </FilterPanel>
  );
}
