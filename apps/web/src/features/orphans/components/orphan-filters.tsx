import { useTranslation } from 'react-i18next';
import { GENDERS, GRADES } from '@app/shared/constants';
import { Options } from '../../../components/ui/options.tsx';
import { SiteFilter } from '../../../components/site-options.tsx';
import { useUserSites } from '../../../lib/user-sites.ts';
import { DateRangeFilter, FilterPanel, FilterSelect, bindFilters, type FilterList } from '../../../components/list/filter-panel.tsx';
import type { OrphanFilter } from './orphan-list-spec.ts';
import { useOrphanFormat } from './use-orphan-format.ts';

interface OrphanFiltersProps {
  id: string;
  list: FilterList<OrphanFilter>;
}

/** The toggleable filter panel: the site (for a user of several), gender, grade, admission from/to (with its rule), reset. */
export function OrphanFilters({ id, list }: OrphanFiltersProps) {
  const { t } = useTranslation('orphans');
  const format = useOrphanFormat();
  const filter = bindFilters(list);
  const { several } = useUserSites();

  return (
    <FilterPanel id={id} label={t('list.filters')} columns={several ? 6 : 5} list={list} resetLabel={t('list.reset')}>
      <SiteFilter {...filter('site_id')} />
      <FilterSelect label={t('filters.gender')} all={t('filters.all')} {...filter('gender')}>
        <Options values={GENDERS} label={format.gender} />
      </FilterSelect>
      <FilterSelect label={t('filters.grade')} all={t('filters.all')} {...filter('class_grade')}>
        <Options values={GRADES} label={format.grade} />
      </FilterSelect>
      <DateRangeFilter list={list} from="admission_from" to="admission_to" fromLabel={t('filters.admissionFrom')} toLabel={t('filters.admissionTo')} />
    </FilterPanel>
  );
}
