import { useTranslation } from 'react-i18next';
import { recentYears } from '@app/shared/constants';
import { attendanceExportSchema } from '@app/shared/schemas/export.schema';
import { OrphanOptions, YearOptions } from '../../../components/school-options.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { ExportModal } from './export-modal.tsx';
import { EXPORT_YEARS } from './export-years.ts';
import { RequiredMark } from './required-mark.tsx';
import { useExportForm } from './use-export-form.ts';

const FIELDS = ['orphan_id', 'month', 'year'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** 'March' in the reader's language — always a month of the Gregorian year records are kept in. */
function monthName(month: number, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC', calendar: 'gregory' }).format(new Date(Date.UTC(2000, month - 1, 1)));
  } catch {
    return String(month);
  }
}

/** Attendance Records (spec sections 5, 7, 9): month and year required (the last ten years), optionally one child. */
export function AttendanceExportForm({ onClose, now = new Date() }: { onClose: () => void; now?: Date }) {
  const { t, i18n } = useTranslation('reports');
  const defaultValues: Values = { orphan_id: '', month: '', year: String(now.getFullYear()) };
  const { form, message, busy, modal } = useExportForm({ kind: 'attendance', schema: attendanceExportSchema, defaultValues, fields: FIELDS, onClose });
  const { register } = form;
  return (
    <ExportModal id="export-attendance" title={t('forms.attendance')} {...modal}>
      <SelectField label={t('fields.orphan_id')} error={message('orphan_id')} first={t('options.allOrphans')} {...register('orphan_id')} disabled={busy}>
        <OrphanOptions />
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={<RequiredMark>{t('fields.month')}</RequiredMark>} error={message('month')} first={t('options.select')} {...register('month')} disabled={busy}>
          <Options values={MONTHS} label={(m) => monthName(m, i18n.language)} />
        </SelectField>
        <SelectField label={<RequiredMark>{t('fields.year')}</RequiredMark>} error={message('year')} first={t('options.select')} {...register('year')} disabled={busy}>
          <YearOptions years={recentYears(EXPORT_YEARS, now)} />
        </SelectField>
      </div>
    </ExportModal>
  );
}
