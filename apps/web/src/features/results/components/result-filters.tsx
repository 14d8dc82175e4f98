import { useTranslation } from 'react-i18next';
import { FILTER_TERMS, RESULT_TYPES } from '@app/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { OrphanOptions, YearOptions } from '../../../components/school-options.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import type { ResultFilter } from './result-list-spec.ts';
import { useResultFormat } from './use-result-format.ts';

interface ResultFiltersProps {
  list: Pick<ListState<ResultFilter>, 'params' | 'hasFilters' | 'setFilters' | 'resetFilters'>;
}

/** Spec section 2: filters for orphan, academic year, term and result type; any change goes back to page 1. */
export function ResultFilters({ list }: ResultFiltersProps) {
  const { t } = useTranslation('results');
  const format = useResultFormat();
  const { params, setFilters } = list;
  const choose = (name: ResultFilter) => (e: { target: { value: string } }) => setFilters({ [name]: e.target.value });

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
      <Field label={t('filters.year')}>
        {(ids) => (
          <Select {...ids} value={params.year ?? ''} onChange={choose('year')}>
            <option value="">{t('list.all')}</option>
            <YearOptions />
          </Select>
        )}
      </Field>
      <Field label={t('filters.term')}>
        {(ids) => (
          <Select {...ids} value={params.term ?? ''} onChange={choose('term')}>
            <option value="">{t('list.all')}</option>
            {FILTER_TERMS.map((term) => (
              <option key={term} value={term}>
                {format.term(term)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('filters.resultType')}>
        {(ids) => (
          <Select {...ids} value={params.result_type ?? ''} onChange={choose('result_type')}>
            <option value="">{t('list.all')}</option>
            {RESULT_TYPES.map((type) => (
              <option key={type} value={type}>
                {format.type(type)}
              </option>
            ))}
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
