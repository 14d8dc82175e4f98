import { useTranslation } from 'react-i18next';
import { EXPORT_GENDERS } from '@app/shared/constants';
import { orphanExportSchema } from '@app/shared/schemas/export.schema';
import { FormDateField } from '../../../components/ui/date-field.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { FormNumberInput } from '../../../components/ui/number-input.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { ExportModal } from './export-modal.tsx';
import { ExportSiteField } from './export-site-field.tsx';
import { useExportForm } from './use-export-form.ts';

const EMPTY = { site_id: '', gender: '', age_min: '', age_max: '', admission_start: '', admission_end: '' };
type Values = typeof EMPTY;
const FIELDS = Object.keys(EMPTY) as Array<keyof Values>;

/** Orphans List (spec sections 5, 7, 9): the site (for a user of several), gender (male or female), age range (0 and up), admission dates; every filter optional. */
export function OrphansExportForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['reports', 'orphans']);
  const { form, message, busy, modal } = useExportForm({ kind: 'orphans', schema: orphanExportSchema, defaultValues: EMPTY, fields: FIELDS, onClose });
  const { register, control } = form;
  return (
    <ExportModal id="export-orphans" title={t('orphans:export.title')} {...modal}>
      <ExportSiteField {...register('site_id')} error={message('site_id')} disabled={busy} />
      <SelectField label={t('fields.gender')} error={message('gender')} first={t('options.allGenders')} {...register('gender')} disabled={busy}>
        <Options values={EXPORT_GENDERS} label={(g) => t(`genders.${g}`)} />
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.age_min')} error={message('age_min')}>
          {(ids) => <FormNumberInput {...ids} control={control} name="age_min" disabled={busy} />}
        </Field>
        <Field label={t('fields.age_max')} error={message('age_max')}>
          {(ids) => <FormNumberInput {...ids} control={control} name="age_max" disabled={busy} />}
        </Field>
        {/* In the user's calendar; the export gets ISO Gregorian days. */}
        <FormDateField control={control} name="admission_start" label={t('fields.admission_start')} error={message('admission_start')} isDisabled={busy} />
        <FormDateField control={control} name="admission_end" label={t('fields.admission_end')} error={message('admission_end')} isDisabled={busy} />
      </div>
    </ExportModal>
  );
}
