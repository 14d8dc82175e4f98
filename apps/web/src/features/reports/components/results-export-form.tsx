import { useTranslation } from 'react-i18next';
import { EXPORT_TERMS, RESULT_TYPES, recentYears } from '@app/shared/constants';
import { resultExportSchema } from '@app/shared/schemas/export.schema';
import type { ResultType } from '@app/shared/schemas/result.schema';
import { OrphanOptions, YearOptions } from '../../../components/school-options.tsx';
import { FormDateField } from '../../../components/ui/date-field.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { ExportModal } from './export-modal.tsx';
import { ExportSiteField } from './export-site-field.tsx';
import { EXPORT_YEARS } from './export-years.ts';
import { RequiredMark } from './required-mark.tsx';
import { useExportForm } from './use-export-form.ts';

const FIELDS = ['result_type', 'site_id', 'orphan_id', 'from_date', 'to_date', 'term', 'year'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/**
 * Academic Results (spec sections 5, 7, 9): the type picked in the menu (changeable here), start
 * and end dates (required), and optionally a site (for a user of several), one child, a term (not for discipline, which has none)
 * and a year of the last ten.
 */
export function ResultsExportForm({ resultType, onClose }: { resultType: ResultType; onClose: () => void }) {
  const { t } = useTranslation(['reports', 'results']);
  const defaultValues: Values = { result_type: resultType, site_id: '', orphan_id: '', from_date: '', to_date: '', term: '', year: '' };
  const { form, message, busy, modal } = useExportForm({ kind: 'results', schema: resultExportSchema, defaultValues, fields: FIELDS, onClose });
  const { register, watch, control } = form;
  const type = watch('result_type');
  return (
    <ExportModal
      id="export-results"
      title={t('results:export.title', { type: t(`resultTypes.${type as ResultType}`, { defaultValue: '' }) })}
      {...modal}
    >
      <SelectField label={<RequiredMark>{t('fields.result_type')}</RequiredMark>} error={message('result_type')} {...register('result_type')} disabled={busy}>
        <Options values={RESULT_TYPES} label={(r) => t(`resultTypes.${r}`)} />
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        {/* In the user's calendar; the export gets ISO Gregorian days. */}
        <FormDateField control={control} name="from_date" label={<RequiredMark>{t('fields.from_date')}</RequiredMark>} error={message('from_date')} isRequired isDisabled={busy} />
        <FormDateField control={control} name="to_date" label={<RequiredMark>{t('fields.to_date')}</RequiredMark>} error={message('to_date')} isRequired isDisabled={busy} />
      </div>
      <ExportSiteField {...register('site_id')} error={message('site_id')} disabled={busy} />
      <SelectField label={t('fields.orphan_id')} error={message('orphan_id')} first={t('options.allOrphans')} {...register('orphan_id')} disabled={busy}>
        <OrphanOptions />
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        {type === 'discipline' ? null : (
          <SelectField label={t('fields.term')} error={message('term')} first={t('options.allTerms')} {...register('term')} disabled={busy}>
            <Options values={EXPORT_TERMS} label={(term) => t(`terms.${term}`)} />
          </SelectField>
        )}
        <SelectField label={t('fields.year')} error={message('year')} first={t('options.allYears')} {...register('year')} disabled={busy}>
          <YearOptions years={recentYears(EXPORT_YEARS)} />
        </SelectField>
      </div>
    </ExportModal>
  );
}
