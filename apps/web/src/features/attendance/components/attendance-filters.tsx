import { useTranslation } from 'react-i18next';
import { Options } from '../../../components/ui/options.tsx';
import type { FilterList } from '../../../components/list/filter-panel.tsx';
import { SchoolFilters } from '../../../components/school-filters.tsx';
import { MONTHS } from './attendance-periods.ts';
import type { AttendanceFilter } from './attendance-list-spec.ts';
import { useAttendanceFormat } from './use-attendance-format.ts';

/** Spec section 2: filters for orphan, month and year (and the class, and the site for a user of several); any change goes back to page 1. */
export function AttendanceFilters({ list }: { list: FilterList<AttendanceFilter> }) {
  const { t } = useTranslation('attendance');
  const format = useAttendanceFormat();
  // With a year chosen, each month is named with it (a Solar Hijri reader's months then carry their years).
  const year = Number(list.params.year) || undefined;
  const month = { name: 'month', label: t('filters.month'), options: <Options values={MONTHS} label={(m) => format.month(m, year)} /> } as const;
  return <SchoolFilters ns="attendance" list={list} filters={['site_id', 'orphan_id', month, 'year', 'class_grade']} />;
}
