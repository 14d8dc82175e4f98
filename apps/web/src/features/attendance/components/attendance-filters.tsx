import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { GradeOptions, OrphanOptions, YearOptions } from '../../../components/school-options.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { MONTHS } from './attendance-periods.ts';
import type { AttendanceFilter } from './attendance-list-spec.ts';
import { useAttendanceFormat } from './use-attendance-format.ts';

interface AttendanceFiltersProps {
  list: Pick<ListState<AttendanceFilter>, 'params' | 'hasFilters' | 'setFilters' | 'resetFilters'>;
}

/** Spec section 2: filters for orphan, month and year (and the class); any change goes back to page 1. */
export function AttendanceFilters({ list }: AttendanceFiltersProps) {
  const { t } = useTranslation('attendance');
  const format = useAttendanceFormat();
  const { params, setFilters } = list;
  const choose = (name: AttendanceFilter) => (e: { target: { value: string } }) => setFilters({ [name]: e.target.value });

  return (
    <section
      aria-label={t('list.filters')}
      className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 dark:border-gray-700 dark:bg-gray-900"
    >
      <Field label={t('filters.orphan')}>
        {(ids) => (
          <Select {...ids} value={params.orphan_id ?? ''} onChange={choose('orphan_id')}>
            <option value="">{t('list.all')}</option>
            <OrphanOptions />
          </Select>
        )}
      </Field>
      <Field label={t('filters.month')}>
        {(ids) => (
          <Select {...ids} value={params.month ?? ''} onChange={choose('month')}>
            <option value="">{t('list.all')}</option>
            {MONTHS.map((month) => (
              <option key={month} value={String(month)}>
                {format.month(month)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('filters.year')}>
        {(ids) => (
          <Select {...ids} value={params.year ?? ''} onChange={choose('year')}>
            <option value="">{t('list.all')}</option>
            <YearOptions />
          </Select>
        )}
      </Field>
      <Field label={t('filters.grade')}>
        {(ids) => (
          <Select {...ids} value={params.class_grade ?? ''} onChange={choose('class_grade')}>
            <option value="">{t('list.all')}</option>
            <GradeOptions />
          </Select>
        )}
      </Field>
      <div className="flex items-end">
        <Button variant="outline" onClick={list.resetFilters} disabled={!list.hasFilters} className="w-full">
          {t('list.reset')}
        </Button>
      </div>
    </section>
  );
}
