import { useTranslation } from 'react-i18next';
import { Options } from '../../../components/ui/options.tsx';
import { GradeOptions, OrphanOptions, YearOptions } from '../../../components/school-options.tsx';
import { FilterPanel, FilterSelect, bindFilters, type FilterList } from '../../../components/list/filter-panel.tsx';
import { MONTHS } from './attendance-periods.ts';
import type { AttendanceFilter } from './attendance-list-spec.ts';
import { useAttendanceFormat } from './use-attendance-format.ts';

interface AttendanceFiltersProps {
  list: FilterList<AttendanceFilter>;
}

/** Spec section 2: filters for orphan, month and year (and the class); any change goes back to page 1. */
export function AttendanceFilters({ list }: AttendanceFiltersProps) {
  const { t } = useTranslation('attendance');
  const format = useAttendanceFormat();
  const filter = bindFilters(list);
  const all = t('list.all');

  return (
    <FilterPanel label={t('list.filters')} columns={5} list={list} resetLabel={t('list.reset')}>
      <FilterSelect label={t('filters.orphan')} all={all} {...filter('orphan_id')}>
        <OrphanOptions />
      </FilterSelect>
      <FilterSelect label={t('filters.month')} all={all} {...filter('month')}>
        <Options values={MONTHS} label={format.month} />
      </FilterSelect>
      <FilterSelect label={t('filters.year')} all={all} {...filter('year')}>
        <YearOptions />
      </FilterSelect>
      <FilterSelect label={t('filters.grade')} all={all} {...filter('class_grade')}>
        <GradeOptions />
      </FilterSelect>
    </FilterPanel>
  );
}
