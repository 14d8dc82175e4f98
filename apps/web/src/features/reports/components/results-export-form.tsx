import { useTranslation } from 'react-i18next';
import { EXPORT_TERMS, RESULT_TYPES, recentYears } from '@app/shared/constants';
import { resultExportSchema } from '@app/shared/schemas/export.schema';
import type { ResultType } from '@app/shared/schemas/result.schema';
import { OrphanOptions, YearOptions } from '../../../components/school-options.tsx';
import { FormDateField } from '../../../components/ui/date-field.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { ExportModal } from './export-modal.tsx';
import { EXPORT_YEARS } from './export-years.ts';
import { RequiredMark } from './required-mark.tsx';
import { useExportForm } from './use-export-form.ts';

const FIELDS = ['result_type', 'orphan_id', 'from_date', 'to_date', 'term', 'year'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/**
 * Academic Results (spec sections 5, 7, 9): the type picked in the menu (changeable here), start
 * and end dates (required), and optionally one child, a term (not for discipline, which has none)
 * and a year of the last ten.
 */
export function ResultsExportForm({ resultType, onClose }: { resultType: ResultType; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const defaultValues: Values = { result_type: resultType, orphan_id: '', from_date: '', to_date: '', term: '', year: '' };
  const { form, submit, failure, busy, received, message } = useExportForm({ kind: 'results', schema: resultExportSchema, defaultValues, fields: FIELDS, onDone: onClose });
  const { register, watch, control } = form;
  const type = watch('result_type');
  return (
    <ExportModal
      id="export-results"
      title={t('forms.results', { type: t(`resultTypes.${type as ResultType}`, { defaultValue: '' }) })}
      busy={busy}
      received={received}
      failure={failure}
      onClose={onClose}
      onSubmit={submit}
    >
      <Field label={<RequiredMark>{t('fields.result_type')}</RequiredMark>} error={message('result_type')}>
        {(ids) => (
          <Select {...ids} {...register('result_type')} disabled={busy}>
            {RESULT_TYPES.map((r) => (
              <option key={r} value={r}>
                {t(`resultTypes.${r}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {/* In the user's calendar; the export gets ISO Gregorian days. */}
        <FormDateField control={control} name="from_date" label={<RequiredMark>{t('fields.from_date')}</RequiredMark>} error={message('from_date')} isRequired isDisabled={busy} />
        <FormDateField control={control} name="to_date" label={<RequiredMark>{t('fields.to_date')}</RequiredMark>} error={message('to_date')} isRequired isDisabled={busy} />
      </div>
      <Field label={t('fields.orphan_id')} error={message('orphan_id')}>
        {(ids) => (
          <Select {...ids} {...register('orphan_id')} disabled={busy}>
            <option value="">{t('options.allOrphans')}</option>
            <OrphanOptions />
          </Select>
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {type === 'discipline' ? null : (
          <Field label={t('fields.term')} error={message('term')}>
            {(ids) => (
              <Select {...ids} {...register('term')} disabled={busy}>
                <option value="">{t('options.allTerms')}</option>
                {EXPORT_TERMS.map((term) => (
                  <option key={term} value={term}>
                    {t(`terms.${term}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field label={t('fields.year')} error={message('year')}>
          {(ids) => (
            <Select {...ids} {...register('year')} disabled={busy}>
              <option value="">{t('options.allYears')}</option>
              <YearOptions years={recentYears(EXPORT_YEARS)} />
            </Select>
          )}
        </Field>
      </div>
    </ExportModal>
  );
}
