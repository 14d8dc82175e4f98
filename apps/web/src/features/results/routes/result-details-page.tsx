import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PERMISSION } from '@app/shared/permissions';
import { EditRecordButton, RecordPage, RecordStates } from '../../../components/record-page.tsx';
import { useResult } from '../api/get-result.ts';
import { ResultDetailsCards } from '../components/result-details-cards.tsx';

/** /dashboard/results/{id} (spec section 2): 'Result not found' when there is none. */
export function ResultDetailsPage() {
  const { t } = useTranslation('results');
  const { id } = useParams();
  const result = useResult(id);

  return (
    <RecordPage
      id="result-details"
      title={t('details.title')}
      back={{ to: '/dashboard/results', label: t('details.back') }}
      actions={{
        buttons: result.data ? <EditRecordButton permission={PERMISSION.result.edit} to={`/dashboard/results/edit/${result.data.id}`} label={t('details.edit')} /> : null,
      }}
    >
      {/* An id that cannot be one (a 422) is as missing as an unknown one. */}
      <RecordStates query={result} notFound={{ text: t('details.notFound'), statuses: [404, 422], card: true }} error={(message) => t('details.error', { message })}>
        {(found) => <ResultDetailsCards result={found} />}
      </RecordStates>
    </RecordPage>
  );
}
