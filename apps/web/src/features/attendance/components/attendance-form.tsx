import { useTranslation } from 'react-i18next';
import { recentYears } from '@app/shared/constants';
import { ATTENDANCE_COUNT_FIELDS, attendanceSchema, type Attendance, type AttendanceCountField, type AttendanceData } from '@app/shared/schemas/attendance.schema';
import { FormSection, useRecordForm, type RecordFormProps, type RecordSubmission } from '../../../components/form-parts.tsx';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { FormNumberInput } from '../../../components/ui/number-input.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { OrphanOptions, SCHOOL_YEARS, YearOptions } from '../../../components/school-options.tsx';
import { liveTotal, monthsOffered } from './attendance-periods.ts';
import {
  ATTENDANCE_FORM_FIELDS,
  attendanceToFormValues,
  emptyAttendanceForm,
  type AttendanceFormField,
} from './attendance-form-values.ts';
import { useAttendanceFormat } from './use-attendance-format.ts';

export type AttendanceFormSubmission = RecordSubmission<AttendanceData>;

interface AttendanceFormProps extends RecordFormProps<AttendanceData> {
  record?: Attendance;
  /** Today, for the month limit (tests fix it). */
  now?: Date;
}

/**
 * 'Record New Attendance' / 'Edit Attendance Record' (spec sections 2-5): in the current year the
 * month list stops at the current month; on edit the orphan, month and year are locked; the total
 * of the four counts is shown as they are typed.
 */
export function AttendanceForm({ record, onSubmit, onCancel, now = new Date() }: AttendanceFormProps) {
  const { t } = useTranslation('attendance');
  const format = useAttendanceFormat();
  const editing = record !== undefined;
  const { form, submit, busy, message, label, footer } = useRecordForm({
    feature: 'attendance',
    record,
    schema: attendanceSchema,
    defaultValues: record ? attendanceToFormValues(record) : emptyAttendanceForm(now),
    fields: ATTENDANCE_FORM_FIELDS,
    onSubmit,
    onCancel,
  });
  const { register, watch, getValues, setValue } = form;

  const year = watch('year');
  const months = monthsOffered(year, now);
  const counts = watch([...ATTENDANCE_COUNT_FIELDS]);
  const total = liveTotal(counts);

  // A month the newly chosen year does not offer (a later month of the current year) is cleared.
  const yearChanged = (e: { target: { value: string } }) => {
    if (!monthsOffered(e.target.value, now).includes(Number(getValues('month')))) setValue('month', '');
  };


  const countInput = (name: AttendanceCountField) => (
    <Field key={name} label={label(name, true)} error={message(name)}>
      {(ids) => <FormNumberInput {...ids} control={form.control} name={name} asNumber disabled={busy} />}
    </Field>
  );

  const locked = (name: AttendanceFormField, value: string) => (
    <Field label={label(name, true)}>{(ids) => <Input {...ids} value={value} readOnly aria-readonly title={t('form.locked')} />}</Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-busy={busy}>
      <FormSection columns={4} title={t('form.sections.period')}>
        {editing ? (
          <>
            {locked('orphan_id', format.child(record))}
            {locked('month', format.month(record.month, record.year))}
            {locked('year', format.year(record.year))}
          </>
        ) : (
          <>
            <SelectField label={label('orphan_id', true)} error={message('orphan_id')} first={t('form.selectOrphan')} {...register('orphan_id')} disabled={busy}>
              <OrphanOptions />
            </SelectField>
            <SelectField label={label('month', true)} error={message('month')} first={t('form.select')} {...register('month')} disabled={busy}>
              <Options values={months} label={(m) => format.month(m, Number(year) || undefined)} />
            </SelectField>
            <SelectField label={label('year', true)} error={message('year')} {...register('year', { onChange: yearChanged })} disabled={busy}>
              <YearOptions years={recentYears(SCHOOL_YEARS, now)} />
            </SelectField>
          </>
        )}
      </FormSection>

      <FormSection columns={4} title={t('form.sections.days')}>
        {ATTENDANCE_COUNT_FIELDS.map(countInput)}
        <p className="self-end text-sm font-medium text-gray-700 sm:col-span-2 dark:text-gray-200" aria-live="polite">
          {t('form.total', { count: total })}
        </p>
      </FormSection>

      <FormSection columns={4} title={t('form.sections.notes')}>
        <Field label={label('absence_reasons')} error={message('absence_reasons')} className="sm:col-span-2">
          {(ids) => <Textarea {...ids} dir="auto" rows={2} {...register('absence_reasons')} disabled={busy} />}
        </Field>
        <Field label={label('notes')} error={message('notes')} className="sm:col-span-2">
          {(ids) => <Textarea {...ids} dir="auto" rows={3} {...register('notes')} disabled={busy} />}
        </Field>
      </FormSection>

      {footer}
    </form>
  );
}
