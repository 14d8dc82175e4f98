import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType } from 'zod';
import { useTranslation } from 'react-i18next';
import { recentYears } from '@app/shared/constants';
import { ATTENDANCE_COUNT_FIELDS, attendanceSchema, type Attendance, type AttendanceCountField, type AttendanceData } from '@app/shared/schemas/attendance.schema';
import { FieldLabel, FormActions, FormSection } from '../../../components/form-parts.tsx';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { OrphanOptions, SCHOOL_YEARS, YearOptions } from '../../../components/school-options.tsx';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { messageOr } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { liveTotal, monthsOffered } from './attendance-periods.ts';
import {
  ATTENDANCE_FORM_FIELDS,
  attendanceToFormValues,
  emptyAttendanceForm,
  type AttendanceFormField,
  type AttendanceFormValues,
} from './attendance-form-values.ts';
import { useAttendanceFormat } from './use-attendance-format.ts';

export interface AttendanceFormSubmission {
  values: AttendanceData;
  /** When editing: the updated_at of the record the form was filled from. */
  updatedAt?: string;
}

interface AttendanceFormProps {
  record?: Attendance;
  /** Saves; rejects with the failed save's ApiError (its 422 messages land on the fields). */
  onSubmit: (submission: AttendanceFormSubmission) => Promise<void>;
  onCancel: () => void;
  /** Today, for the month limit (tests fix it). */
  now?: Date;
}

// The shared schema (a preprocess, so typed as taking `unknown`) shown to the resolver as taking the form's values.
const attendanceResolver = zodResolver(attendanceSchema as unknown as ZodType<AttendanceData, AttendanceFormValues>) as unknown as Resolver<
  AttendanceFormValues,
  unknown,
  AttendanceData
>;

/**
 * 'Record New Attendance' / 'Edit Attendance Record' (spec sections 2-5): in the current year the
 * month list stops at the current month; on edit the orphan, month and year are locked; the total
 * of the four counts is shown as they are typed.
 */
export function AttendanceForm({ record, onSubmit, onCancel, now = new Date() }: AttendanceFormProps) {
  const { t } = useTranslation('attendance');
  const format = useAttendanceFormat();
  const [formError, setFormError] = useState<string | null>(null);
  const [readVersion] = useState(record?.updated_at);
  const editing = record !== undefined;

  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AttendanceFormValues, unknown, AttendanceData>({
    resolver: attendanceResolver,
    defaultValues: record ? attendanceToFormValues(record) : emptyAttendanceForm(now),
  });

  const year = watch('year');
  const months = monthsOffered(year, now);
  const counts = watch([...ATTENDANCE_COUNT_FIELDS]);
  const total = liveTotal(counts);

  // A month the newly chosen year does not offer (a later month of the current year) is cleared.
  const yearChanged = (e: { target: { value: string } }) => {
    if (!monthsOffered(e.target.value, now).includes(Number(getValues('month')))) setValue('month', '');
  };

  const message = (name: AttendanceFormField) => translateMessage(t, errors[name]?.message);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit({ values, updatedAt: readVersion });
    } catch (err) {
      setFormError(showServerErrors(err, setError, ATTENDANCE_FORM_FIELDS, t('form.saveFailed', { message: messageOr(t, err, '') })));
    }
  });

  const label = (name: AttendanceFormField, required = false) => <FieldLabel text={t(`fields.${name}`)} required={required && t('form.required')} />;

  const countInput = (name: AttendanceCountField) => (
    <Field key={name} label={label(name, true)} error={message(name)}>
      {(ids) => <Input {...ids} type="number" inputMode="numeric" step="1" min={0} {...register(name, { valueAsNumber: true })} disabled={isSubmitting} />}
    </Field>
  );

  const locked = (name: AttendanceFormField, value: string) => (
    <Field label={label(name, true)}>{(ids) => <Input {...ids} value={value} readOnly aria-readonly title={t('form.locked')} />}</Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-busy={isSubmitting}>
      <FormSection columns={4} title={t('form.sections.period')}>
        {editing ? (
          <>
            {locked('orphan_id', format.child(record))}
            {locked('month', format.month(record.month))}
            {locked('year', String(record.year))}
          </>
        ) : (
          <>
            <Field label={label('orphan_id', true)} error={message('orphan_id')}>
              {(ids) => (
                <Select {...ids} {...register('orphan_id')} disabled={isSubmitting}>
                  <option value="">{t('form.selectOrphan')}</option>
                  <OrphanOptions />
                </Select>
              )}
            </Field>
            <Field label={label('month', true)} error={message('month')}>
              {(ids) => (
                <Select {...ids} {...register('month')} disabled={isSubmitting}>
                  <option value="">{t('form.select')}</option>
                  {months.map((month) => (
                    <option key={month} value={String(month)}>
                      {format.month(month)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={label('year', true)} error={message('year')}>
              {(ids) => (
                <Select {...ids} {...register('year', { onChange: yearChanged })} disabled={isSubmitting}>
                  <YearOptions years={recentYears(SCHOOL_YEARS, now)} />
                </Select>
              )}
            </Field>
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
          {(ids) => <Textarea {...ids} dir="auto" rows={2} {...register('absence_reasons')} disabled={isSubmitting} />}
        </Field>
        <Field label={label('notes')} error={message('notes')} className="sm:col-span-2">
          {(ids) => <Textarea {...ids} dir="auto" rows={3} {...register('notes')} disabled={isSubmitting} />}
        </Field>
      </FormSection>

      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <FormActions cancel={{ label: t('form.cancel'), onClick: onCancel }} submit={editing ? t('form.update') : t('form.create')} saving={t('form.saving')} busy={isSubmitting} />
    </form>
  );
}
