import { Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import { EditRecordButton, RecordPage, RecordStates } from '../../../components/record-page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useOrphan } from '../api/get-orphan.ts';
import { useProgressReportDownload } from '../api/get-progress-report.ts';
import { OrphanDetailsCards } from '../components/orphan-details-cards.tsx';
import { TransfersCard } from '../components/transfers-card.tsx';

/**
 * /dashboard/orphans/{id} (spec section 2). `sections` are the child's cards from other features
 * (their media, results, attendance) below the details; the app composes them (app/router.tsx),
 * since a feature never imports another.
 */
export function OrphanDetailsPage({ sections }: { sections?: (orphanId: number) => ReactNode }) {
  const { t, i18n } = useTranslation('orphans');
  const { id } = useParams();
  const orphan = useOrphan(id);
  const report = useProgressReportDownload();

  return (
    <RecordPage
      id="orphan-details"
      width="6xl"
      title={t('details.title')}
      back={{ to: '/dashboard/orphans', label: t('details.back') }}
      actions={{
        buttons: orphan.data ? (
          <>
            <Button variant="outline" disabled={report.isPending} onClick={() => report.mutate({ orphanId: orphan.data.id, language: i18n.language })}>
              <FileDown className="h-4 w-4" aria-hidden />
              {report.isPending ? t('details.progressReportPreparing') : t('details.progressReport')}
            </Button>
            <EditRecordButton permission={PERMISSION.orphan.edit} to={`/dashboard/orphans/edit/${orphan.data.id}`} label={t('details.edit')} />
          </>
        ) : null,
      }}
    >
      {report.isError ? <Notice tone="error">{t('details.progressReportError', { message: translateMessage(report.error.message) })}</Notice> : null}

      <RecordStates query={orphan} error={(message) => t('details.error', { message })}>
        {(found) => (
          <>
            <OrphanDetailsCards orphan={found} />
            <TransfersCard orphan={found} />
            {sections ? <Suspense fallback={null}>{sections(found.id)}</Suspense> : null}
          </>
        )}
      </RecordStates>
    </RecordPage>
  );
}
