import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SchoolRecordFormPage } from '../../../components/school-record-form-page.tsx';
import { childOf } from '../../../lib/outbox/record-label.ts';
import { useResult } from '../api/get-result.ts';
import { useSaveResult } from '../api/save-result.ts';
import { ResultForm, type ResultFormSubmission } from '../components/result-form.tsx';
import { useResultFormat } from '../components/use-result-format.ts';

/** 'Add New Result' without an id, 'Edit Result' with one (spec section 2); kept on this phone without a connection. */
export function ResultFormPage() {
  const { t } = useTranslation('results');
  const { t: dashboardText } = useTranslation('dashboard');
  const format = useResultFormat();
  const { id } = useParams();
  const save = useSaveResult();
  const record = useResult(id);
  const submit = async (submission: ResultFormSubmission) => {
    const v = submission.values;
    const label = { kind: 'result' as const, subject: childOf(record.data, v.orphan_id), period: [v.subject, format.term('term' in v ? v.term : null), v.exam_date].join(' · ') };
    const sent = await save.mutateAsync({ id, ...submission, label });
    return sent.queued ? { message: dashboardText('sync.queued') } : { message: sent.answer.message };
  };
  return (
    <SchoolRecordFormPage feature="results" sectionId="result-form" id={id} record={record} save={submit} notFound={t('details.notFound')}>
      {(result, form) => <ResultForm key={result?.id} result={result} {...form} />}
    </SchoolRecordFormPage>
  );
}
