import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COURSE_TERMS, COURSE_TYPES, EDUCATION_TERMS, RESULT_TYPES } from '@app/shared/constants';
import { ClassRoster, ClassSetup, useClassChoices } from '../../../components/class-roster.tsx';
import { RecordPage } from '../../../components/record-page.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { Options } from '../../../components/ui/options.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { YearOptions } from '../../../components/school-options.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { classResultsQuery } from '../api/get-class-results.ts';
import { ClassResultsGrid } from '../components/class-results-grid.tsx';
import { assessmentFromParams, assessmentLookup, type AssessmentField, type ClassAssessment } from '../components/class-results-rows.ts';
import { useResultFormat } from '../components/use-result-format.ts';

const TERMS_BY_TYPE: Record<string, readonly string[]> = { education: EDUCATION_TERMS, course: COURSE_TERMS };

/**
 * /dashboard/results/class — "Enter class results": one assessment, one row per child of the
 * class. Once the assessment is named (class, type, subject, term, exam date) its stored results
 * are loaded into the grid, so entering the class again updates them instead of adding a second
 * result per child; their total marks fill an empty Total.
 */
export function ClassResultsPage() {
  const { t } = useTranslation('results');
  const format = useResultFormat();
  const { params, grade, site, set: choose } = useClassChoices();
  // The whole assessment is kept in the address (a reload reopens it). What is typed is held here
  // too, so typing never waits for the address; the type, which chooses the grid, is read from it.
  const [typed, setTyped] = useState<ClassAssessment>(() => assessmentFromParams(params));
  const type = assessmentFromParams(params).result_type;
  const assessment: ClassAssessment = { ...typed, result_type: type };
  const [errors, setErrors] = useState<Partial<Record<AssessmentField, string>>>({});

  const set = (field: AssessmentField) => (e: { target: { value: string } }) => {
    if (field !== 'result_type') setTyped((a) => ({ ...a, [field]: e.target.value }));
    choose(field, e.target.value);
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const message = (field: AssessmentField) => translateMessage(t, errors[field]);

  // The subject is typed: looked up once it has settled.
  const subject = useDebouncedValue(assessment.subject);
  const lookup = assessmentLookup(grade, site, { ...assessment, subject });
  const stored = useQuery({ ...classResultsQuery(lookup ?? {}), enabled: lookup !== null });
  const storedResults = lookup ? (stored.data ?? []) : [];
  // The grid waits for the stored results before it first shows for a class and type; after that it
  // stays while a newly named assessment's results load: taking it down would drop the marks typed
  // in it, which it keeps for the assessment named next. Saving waits for the subject as typed to be
  // looked up, so a result is saved for the assessment the grid shows.
  const settled = JSON.stringify(lookup) === JSON.stringify(assessmentLookup(grade, site, assessment));
  const storedLoading = !settled || (lookup !== null && !stored.isSuccess);
  const gridKey = `${site}-${grade}-${type}`;
  const [shownGrid, setShownGrid] = useState<string | null>(null);
  if (!storedLoading && shownGrid !== gridKey) setShownGrid(gridKey);
  const storedTotal = storedResults.find((r) => r.total !== null)?.total;
  const fillTotal = storedTotal != null && assessment.total === '' && type !== 'discipline' ? String(storedTotal) : null;
  useEffect(() => {
    if (fillTotal !== null) set('total')({ target: { value: fillTotal } });
    // `set` is made anew each render; the total is filled once per stored total found.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fillTotal]);

  return (
    <RecordPage id="class-results" width="6xl" title={t('class.title')} subtitle={t('class.subtitle')} back={{ to: '/dashboard/results', label: t('class.back') }}>
      <ClassSetup
        legend={t('class.setup')}
        gradeLabel={t('class.grade')}
        choose={t('form.select')}
        grade={grade}
        onGrade={(value) => choose('grade', value)}
        site={site}
        onSite={(value) => choose('site_id', value)}
        className="sm:grid-cols-2 lg:grid-cols-4"
      >
        <SelectField label={t('fields.result_type')} error={message('result_type')} value={type} onChange={set('result_type')}>
          <Options values={RESULT_TYPES} label={format.type} />
        </SelectField>
        <Field label={t('fields.subject')} error={message('subject')}>
          {(ids) => <Input {...ids} dir="auto" autoComplete="off" value={assessment.subject} onChange={set('subject')} />}
        </Field>
        {type === 'course' ? (
          <SelectField label={t('fields.course_type')} error={message('course_type')} first={t('form.select')} value={assessment.course_type} onChange={set('course_type')}>
            <Options values={COURSE_TYPES} label={format.courseType} />
          </SelectField>
        ) : null}
        {TERMS_BY_TYPE[type] ? (
          <SelectField label={t('fields.term')} error={message('term')} first={t('form.select')} value={assessment.term} onChange={set('term')}>
            <Options values={TERMS_BY_TYPE[type]!} label={format.term} />
          </SelectField>
        ) : null}
        <DateField label={t('fields.exam_date')} error={message('exam_date')} value={assessment.exam_date} onChange={(iso) => set('exam_date')({ target: { value: iso } })} />
        <SelectField label={t('fields.year')} error={message('year')} value={assessment.year} onChange={set('year')}>
          <YearOptions />
        </SelectField>
        {type !== 'discipline' ? (
          <Field label={t('fields.total')} error={message('total')}>
            {(ids) => <NumberInput {...ids} decimal value={assessment.total} onValueChange={(value) => set('total')({ target: { value } })} />}
          </Field>
        ) : null}
        <Field label={t('fields.assessed_by')} error={message('assessed_by')}>
          {(ids) => <Input {...ids} dir="auto" autoComplete="off" value={assessment.assessed_by} onChange={set('assessed_by')} />}
        </Field>
      </ClassSetup>

      <ClassRoster
        grade={grade}
        site={site}
        alsoWaitFor={{ ready: !storedLoading || shownGrid === gridKey, error: lookup ? stored.error : null }}
        chooseGrade={t('class.chooseGrade')}
        noChildren={t('class.noChildren')}
        loadError={(message) => t('class.loadError', { message })}
      >
        {(students) => (
          <ClassResultsGrid key={gridKey} assessment={assessment} storedLoading={storedLoading} onAssessmentErrors={setErrors} students={students} stored={storedResults} assessmentKey={JSON.stringify(lookup)} />
        )}
      </ClassRoster>
    </RecordPage>
  );
}
