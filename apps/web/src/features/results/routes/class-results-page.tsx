import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { COURSE_TERMS, COURSE_TYPES, EDUCATION_TERMS, GRADES, RESULT_TYPES } from '@app/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { GradeOptions, YearOptions } from '../../../components/school-options.tsx';
import { classChildrenQuery } from '../../../lib/class-children-query.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { ClassResultsGrid } from '../components/class-results-grid.tsx';
import { emptyAssessment, type AssessmentField, type ClassAssessment } from '../components/class-results-rows.ts';
import { useResultFormat } from '../components/use-result-format.ts';

const TERMS_BY_TYPE: Record<string, readonly string[]> = { education: EDUCATION_TERMS, course: COURSE_TERMS };

/** /dashboard/results/class — "Enter class results": one assessment, one row per child of the class (issue 13). */
export function ClassResultsPage() {
  const { t } = useTranslation('results');
  const format = useResultFormat();
  const [params, setParams] = useSearchParams();
  const grade = (GRADES as readonly string[]).includes(params.get('grade') ?? '') ? params.get('grade')! : '';
  const [assessment, setAssessment] = useState<ClassAssessment>(() => emptyAssessment());
  const [errors, setErrors] = useState<Partial<Record<AssessmentField, string>>>({});
  const students = useQuery({ ...classChildrenQuery(grade), enabled: grade !== '' });
  const type = assessment.result_type;

  const set = (field: AssessmentField) => (e: { target: { value: string } }) => {
    setAssessment((a) => ({ ...a, [field]: e.target.value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const message = (field: AssessmentField) => translateMessage(t, errors[field]);

  let body;
  if (!grade) body = <EmptyState message={t('class.chooseGrade')} />;
  else if (students.isError) body = <Notice tone="error">{t('class.loadError', { message: translateMessage(t, students.error.message) })}</Notice>;
  else if (!students.data) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  } else if (students.data.length === 0) body = <EmptyState message={t('class.noChildren')} />;
  else body = <ClassResultsGrid key={`${grade}-${type}`} assessment={assessment} onAssessmentErrors={setErrors} students={students.data} />;

  return (
    <section aria-labelledby="class-results-title" className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="class-results-title" className="text-2xl font-semibold">
            {t('class.title')}
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('class.subtitle')}</p>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard/results">
            <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
            {t('class.back')}
          </Link>
        </Button>
      </div>

      <fieldset className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-gray-700 dark:bg-gray-900">
        <legend className="px-1 text-base font-semibold">{t('class.setup')}</legend>
        <Field label={t('class.grade')}>
          {(ids) => (
            <Select
              {...ids}
              value={grade}
              onChange={(e) =>
                setParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    next.set('grade', e.target.value);
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              <option value="">{t('form.select')}</option>
              <GradeOptions />
            </Select>
          )}
        </Field>
        <Field label={t('fields.result_type')} error={message('result_type')}>
          {(ids) => (
            <Select {...ids} value={type} onChange={set('result_type')}>
              {RESULT_TYPES.map((value) => (
                <option key={value} value={value}>
                  {format.type(value)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('fields.subject')} error={message('subject')}>
          {(ids) => <Input {...ids} dir="auto" autoComplete="off" value={assessment.subject} onChange={set('subject')} />}
        </Field>
        {type === 'course' ? (
          <Field label={t('fields.course_type')} error={message('course_type')}>
            {(ids) => (
              <Select {...ids} value={assessment.course_type} onChange={set('course_type')}>
                <option value="">{t('form.select')}</option>
                {COURSE_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {format.courseType(value)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        {TERMS_BY_TYPE[type] ? (
          <Field label={t('fields.term')} error={message('term')}>
            {(ids) => (
              <Select {...ids} value={assessment.term} onChange={set('term')}>
                <option value="">{t('form.select')}</option>
                {TERMS_BY_TYPE[type]!.map((term) => (
                  <option key={term} value={term}>
                    {format.term(term)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <DateField label={t('fields.exam_date')} error={message('exam_date')} value={assessment.exam_date} onChange={(iso) => set('exam_date')({ target: { value: iso } })} />
        <Field label={t('fields.year')} error={message('year')}>
          {(ids) => (
            <Select {...ids} value={assessment.year} onChange={set('year')}>
              <YearOptions />
            </Select>
          )}
        </Field>
        {type !== 'discipline' ? (
          <Field label={t('fields.total')} error={message('total')}>
            {(ids) => <Input {...ids} type="number" inputMode="decimal" min={0} step="0.01" value={assessment.total} onChange={set('total')} />}
          </Field>
        ) : null}
        <Field label={t('fields.assessed_by')} error={message('assessed_by')}>
          {(ids) => <Input {...ids} dir="auto" autoComplete="off" value={assessment.assessed_by} onChange={set('assessed_by')} />}
        </Field>
      </fieldset>

      {body}
    </section>
  );
}
