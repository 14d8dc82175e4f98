import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SchoolRecordFormPage } from '../../../components/school-record-form-page.tsx';
import { useResult } from '../api/get-result.ts';
import { useSaveResult } from '../api/save-result.ts';
import { ResultForm, type ResultFormSubmission } from '../components/result-form.tsx';

/** 'Add New Result' without an id, 'Edit Result' with one (spec section 2). */
export function ResultFormPage() {
  const { t } = useTranslation('results');
  const { id } = useParams();
  const save = useSaveResult();
  return (
    <SchoolRecordFormPage
      feature="results"
      sectionId="result-form"
      id={id}
      record={useResult(id)}
      save={(submission: ResultFormSubmission) => save.mutateAsync({ id, ...submission })}
      notFound={t('details.notFound')}
    >
      {(result, form) => <ResultForm key={result?.id} result={result} {...form} />}
    </SchoolRecordFormPage>
  );
}
