import { useTranslation } from 'react-i18next';
import { FILTER_TERMS, RESULT_TYPES } from '@app/shared/constants';
import { Options } from '../../../components/ui/options.tsx';
import { OrphanOptions, YearOptions } from '../../../components/school-options.tsx';
import { FilterPanel, FilterSelect, bindFilters, type FilterList } from '../../../components/list/filter-panel.tsx';
import type { ResultFilter } from './result-list-spec.ts';
import { useResultFormat } from './use-result-format.ts';

interface ResultFiltersProps {
  list: FilterList<ResultFilter>;
}

/** Spec section 2: filters for orphan, academic year, term and result type; any change goes back to page 1. */
export function ResultFilters({ list }: ResultFiltersProps) {
  const { t } = useTranslation('results');
  const format = useResultFormat();
  const filter = bindFilters(list);
  const all = t('list.all');

  return (
    <FilterPanel label={t('list.filters')} columns={5} list={list} resetLabel={t('list.reset')}>
      <FilterSelect label={t('filters.orphan')} all={all} {...filter('orphan_id')}>
        <OrphanOptions />
      </FilterSelect>
      <FilterSelect label={t('filters.year')} all={all} {...filter('year')}>
        <YearOptions />
      </FilterSelect>
      <FilterSelect label={t('filters.term')} all={all} {...filter('term')}>
        <Options values={FILTER_TERMS} label={format.term} />
      </FilterSelect>
      <FilterSelect label={t('filters.resultType')} all={all} {...filter('result_type')}>
        <Options values={RESULT_TYPES} label={format.type} />
      </FilterSelect>
    </FilterPanel>
  );
}
