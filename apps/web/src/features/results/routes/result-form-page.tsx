import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RecordFormPage, useSaveAndReturn } from '../../../components/record-page.tsx';
import { useResult } from '../api/get-result.ts';
import { useSaveResult } from '../api/save-result.ts';
import { ResultForm, type ResultFormSubmission } from '../components/result-form.tsx';

const LIST_PATH = '/dashboard/results';

/** 'Add New Result' without an id, 'Edit Result' with one (spec section 2). */
export function ResultFormPage() {
  const { t } = useTranslation('results');
  const { id } = useParams();
  const existing = useResult(id);
  const save = useSaveResult();
  const done = id ? t('form.updated') : t('form.created');
  const { submit, cancel } = useSaveAndReturn((submission: ResultFormSubmission) => save.mutateAsync({ id, ...submission }), LIST_PATH, done);

  return (
    <RecordFormPage
      id="result-form"
      title={id ? t('form.editTitle') : t('form.createTitle')}
      back={{ to: LIST_PATH, label: t('form.back') }}
      editing={!!id}
      record={existing}
      notFound={{ text: t('details.notFound') }}
      error={(message) => t('form.loadError', { message })}
    >
      {(result) => <ResultForm key={result?.id} result={result} onSubmit={submit} onCancel={cancel} />}
    </RecordFormPage>
  );
}
