import { useTranslation } from 'react-i18next';
import { recentYears } from '@app/shared/constants';
import { attendanceExportSchema } from '@app/shared/schemas/export.schema';
import { OrphanOptions, YearOptions } from '../../../components/school-options.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { ExportModal } from './export-modal.tsx';
import { ExportSiteField } from './export-site-field.tsx';
import { EXPORT_YEARS } from './export-years.ts';
import { RequiredMark } from './required-mark.tsx';
import { useExportForm } from './use-export-form.ts';
import { useFormat } from '../../../lib/use-format.ts';

const FIELDS = ['site_id', 'orphan_id', 'month', 'year'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * Attendance Records (spec sections 5, 7, 9): month and year required (the last ten years),
 * optionally a site (for a user of several) or one child. Its title and labels are attendance's
 * own texts; the choices' placeholders the reports page's.
 */
export function AttendanceExportForm({ onClose, now = new Date() }: { onClose: () => void; now?: Date }) {
  const { t } = useTranslation(['attendance', 'reports']);
  const format = useFormat();
  const defaultValues: Values = { site_id: '', orphan_id: '', month: '', year: String(now.getFullYear()) };
  const { form, message, busy, modal } = useExportForm({ kind: 'attendance', schema: attendanceExportSchema, defaultValues, fields: FIELDS, onClose });
  const { register, watch } = form;
  // With the year chosen, each month is named with it (a Solar Hijri reader's months then carry their years).
  const year = Number(watch('year')) || undefined;
  return (
    <ExportModal id="export-attendance" title={t('export.title')} {...modal}>
      <ExportSiteField {...register('site_id')} error={message('site_id')} disabled={busy} />
      <SelectField label={t('fields.orphan_id')} error={message('orphan_id')} first={t('reports:options.allOrphans')} {...register('orphan_id')} disabled={busy}>
        <OrphanOptions />
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={<RequiredMark>{t('fields.month')}</RequiredMark>} error={message('month')} first={t('reports:options.select')} {...register('month')} disabled={busy}>
          <Options values={MONTHS} label={(m) => format.pickerMonth(m, year)} />
        </SelectField>
        <SelectField label={<RequiredMark>{t('fields.year')}</RequiredMark>} error={message('year')} first={t('reports:options.select')} {...register('year')} disabled={busy}>
          <YearOptions years={recentYears(EXPORT_YEARS, now)} />
        </SelectField>
      </div>
    </ExportModal>
  );
}
