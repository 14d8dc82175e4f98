import { useTranslation } from 'react-i18next';
import { FILTER_TERMS, RESULT_TYPES } from '@app/shared/constants';
import { Options } from '../../../components/ui/options.tsx';
import type { FilterList } from '../../../components/list/filter-panel.tsx';
import { SchoolFilters } from '../../../components/school-filters.tsx';
import type { ResultFilter } from './result-list-spec.ts';
import { useResultFormat } from './use-result-format.ts';

/** Spec section 2: filters for orphan, academic year, term and result type (and the site, for a user of several); any change goes back to page 1. */
export function ResultFilters({ list }: { list: FilterList<ResultFilter> }) {
  const { t } = useTranslation('results');
  const format = useResultFormat();
  const own = [
    { name: 'term', label: t('filters.term'), options: <Options values={FILTER_TERMS} label={format.term} /> },
    { name: 'result_type', label: t('filters.resultType'), options: <Options values={RESULT_TYPES} label={format.type} /> },
  ] as const;
  return <SchoolFilters ns="results" list={list} filters={['site_id', 'orphan_id', 'year', ...own]} />;
}
