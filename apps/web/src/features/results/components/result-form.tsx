import { useTranslation } from 'react-i18next';
import { COURSE_TERMS, COURSE_TYPES, EDUCATION_TERMS, RESULT_TYPES, recentYears } from '@app/shared/constants';
import { GRADE_LETTERS, gradeForMarks } from '@app/shared/grade-bands';
import { resultSchema, type Result, type ResultData } from '@app/shared/schemas/result.schema';
import { FieldLabel, FormSection, useRecordForm, type RecordFormProps, type RecordSubmission } from '../../../components/form-parts.tsx';
import { FormDateField } from '../../../components/ui/date-field.tsx';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { FormNumberInput } from '../../../components/ui/number-input.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { Select, SelectField } from '../../../components/ui/select.tsx';
import { OrphanOptions, SCHOOL_YEARS, YearOptions } from '../../../components/school-options.tsx';
import { orphanOptionLabel, useOrphanOptions } from '../../../lib/orphan-options-query.ts';
import {
  RESULT_FORM_FIELDS,
  emptyResultForm,
  resultToFormValues,
  type MarkField,
  type ResultFormField,
} from './result-form-values.ts';
import { useResultFormat } from './use-result-format.ts';
import { ltrText } from '../../../lib/ltr-text.ts';

export type ResultFormSubmission = RecordSubmission<ResultData>;

interface ResultFormProps extends RecordFormProps<ResultData> {
  /** The stored result when editing. */
  result?: Result;
}

const TERMS_BY_TYPE: Record<string, readonly string[]> = { education: EDUCATION_TERMS, course: COURSE_TERMS };

/**
 * 'Add New Result' / 'Edit Result' (spec sections 3-5): the result type picks the section shown
 * and switching it clears the messages; the education grade follows the score as it is typed;
 * the orphan is locked on edit and the father's name comes from the chosen child.
 */
export function ResultForm({ result, onSubmit, onCancel }: ResultFormProps) {
  const { t } = useTranslation('results');
  const format = useResultFormat();
  const orphans = useOrphanOptions();
  const editing = result !== undefined;
  const { form, submit, busy, message, label, footer } = useRecordForm({
    feature: 'results',
    record: result,
    schema: resultSchema,
    defaultValues: result ? resultToFormValues(result) : emptyResultForm(),
    fields: RESULT_FORM_FIELDS,
    onSubmit,
    onCancel,
  });
  const { register, control, watch, clearErrors } = form;

  const type = watch('result_type');
  const score = watch('score');
  const total = watch('total');
  const orphanId = watch('orphan_id');
  const chosen = orphans.data?.find((o) => String(o.id) === orphanId);
  const fatherName = chosen ? chosen.father_name : result?.father_name;
  // The education grade: the band of the score's percentage of the total marks, as the server derives it.
  const derivedGrade = typeof score === 'number' && Number.isFinite(score) && typeof total === 'number' && Number.isFinite(total) ? gradeForMarks(score, total) : '';
  const years = recentYears(SCHOOL_YEARS);
  if (result && !years.includes(result.year)) years.push(result.year);


  const mark = (name: MarkField, props: { required?: boolean; text?: string } = {}) => (
    <Field label={label(name, props.required, props.text)} error={message(name)}>
      {(ids) => (
        <FormNumberInput {...ids} control={control} name={name} asNumber decimal disabled={busy} />
      )}
    </Field>
  );

  const choice = (name: ResultFormField, values: readonly string[], text: (value: string) => string = (value) => value) => (
    <SelectField label={label(name, true)} error={message(name)} first={t('form.select')} {...register(name)} disabled={busy}>
      <Options values={values} label={text} />
    </SelectField>
  );

  const terms = TERMS_BY_TYPE[type] ?? [];

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-busy={busy}>
      <FormSection title={t('form.sections.basic')}>
        <Field label={label('orphan_id', true)} error={message('orphan_id')}>
          {(ids) =>
            editing ? (
              // Locked on edit (spec section 4): shown, not sent from here; the server keeps the child.
              <Input {...ids} value={result.orphan_name ?? (chosen ? orphanOptionLabel(chosen) : t('details.unknown'))} readOnly aria-readonly title={t('form.orphanLocked')} />
            ) : (
              <Select {...ids} {...register('orphan_id')} disabled={busy}>
                <option value="">{t('form.selectOrphan')}</option>
                <OrphanOptions />
              </Select>
            )
          }
        </Field>
        {/* Shown from the child, not a value of the form. */}
        <Field label={<FieldLabel text={t('fields.father_name')} />}>{(ids) => <Input {...ids} value={fatherName ?? ''} readOnly aria-readonly />}</Field>
        <Field label={label('result_type', true)} error={message('result_type')}>
          {(ids) => (
            // Another type asks for other fields: the old messages no longer apply (spec section 4).
            <Select {...ids} {...register('result_type', { onChange: () => clearErrors() })} disabled={busy}>
              <option value="">{t('form.select')}</option>
              <Options values={RESULT_TYPES} label={format.type} />
            </Select>
          )}
        </Field>
        <Field label={label('subject', true)} error={message('subject')}>
          {(ids) => <Input {...ids} dir="auto" autoComplete="off" {...register('subject')} disabled={busy} />}
        </Field>
        {/* In the user's calendar; the form holds the ISO Gregorian day. */}
        <FormDateField control={control} name="exam_date" label={label('exam_date', true)} error={message('exam_date')} isRequired isDisabled={busy} />
        <SelectField label={label('year', true)} error={message('year')} {...register('year')} disabled={busy}>
          <YearOptions years={years} />
        </SelectField>
      </FormSection>

      {type === 'education' ? (
        <FormSection title={t('form.sections.education')}>
          {choice('term', terms, format.term)}
          {mark('total', { required: true })}
          {mark('average', { required: true })}
          {mark('score', { required: true })}
          <Field label={label('grade', true)}>
            {(ids) => (
              <>
                <Input {...ids} dir="ltr" value={derivedGrade} readOnly aria-readonly aria-describedby={`${ids.id}-hint`} />
                <p id={`${ids.id}-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                  {t('form.gradeDerived')}
                </p>
              </>
            )}
          </Field>
        </FormSection>
      ) : null}
      {type === 'discipline' ? (
        <FormSection title={t('form.sections.discipline')}>
          {mark('ethics_score')}
          {mark('uniform_score')}
          {mark('relationship_score')}
          {mark('score', { text: t('fields.overall_score') })}
          {choice('grade', GRADE_LETTERS, ltrText)}
        </FormSection>
      ) : null}
      {type === 'course' ? (
        <FormSection title={t('form.sections.course')}>
          {choice('course_type', COURSE_TYPES, format.courseType)}
          {choice('term', terms, format.term)}
          {mark('total', { required: true })}
          {mark('score', { required: true })}
          {choice('grade', GRADE_LETTERS, ltrText)}
        </FormSection>
      ) : null}

      <FormSection title={t('form.sections.notes')}>
        <Field label={label('assessed_by')} error={message('assessed_by')}>
          {(ids) => <Input {...ids} dir="auto" autoComplete="off" {...register('assessed_by')} disabled={busy} />}
        </Field>
        <Field label={label('comments')} error={message('comments')} className="sm:col-span-2">
          {(ids) => <Textarea {...ids} dir="auto" rows={3} {...register('comments')} disabled={busy} />}
        </Field>
      </FormSection>

      {footer}
    </form>
  );
}
