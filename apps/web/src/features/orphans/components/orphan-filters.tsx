import { useTranslation } from 'react-i18next';
import { GENDERS, GRADES } from '@app/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import type { OrphanFilter } from './orphan-list-spec.ts';
import { useOrphanFormat } from './use-orphan-format.ts';

interface OrphanFiltersProps {
  id: string;
  list: Pick<ListState<OrphanFilter>, 'params' | 'invalid' | 'hasFilters' | 'setFilters' | 'resetFilters'>;
}

/** The toggleable filter panel: gender, grade, admission from/to (with its rule), reset. */
export function OrphanFilters({ id, list }: OrphanFiltersProps) {
  const { t } = useTranslation('orphans');
  const format = useOrphanFormat();
  const { params, invalid, setFilters } = list;

  return (
    <section
      id={id}
      aria-label={t('list.filters')}
      className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 dark:border-gray-700 dark:bg-gray-900"
    >
      <Field label={t('filters.gender')}>
        {(ids) => (
          <Select {...ids} value={params.gender ?? ''} onChange={(e) => setFilters({ gender: e.target.value })}>
            <option value="">{t('filters.all')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {format.gender(g)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('filters.grade')}>
        {(ids) => (
          <Select {...ids} value={params.class_grade ?? ''} onChange={(e) => setFilters({ class_grade: e.target.value })}>
            <option value="">{t('filters.all')}</option>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                {format.grade(g)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {/* In the reader's calendar; the list's URL keeps ISO Gregorian days. */}
      <DateField
        label={t('filters.admissionFrom')}
        error={translateMessage(t, invalid.admission_from)}
        value={params.admission_from ?? ''}
        max={params.admission_to}
        onChange={(iso) => setFilters({ admission_from: iso })}
      />
      <DateField
        label={t('filters.admissionTo')}
        error={translateMessage(t, invalid.admission_to)}
        value={params.admission_to ?? ''}
        min={params.admission_from}
        onChange={(iso) => setFilters({ admission_to: iso })}
      />
      <div className="flex items-end">
        <Button variant="outline" onClick={list.resetFilters} disabled={!list.hasFilters} className="w-full">
          {t('list.reset')}
        </Button>
      </div>
    </section>
  );
}
