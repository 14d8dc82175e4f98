import { Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, FileDown, Pencil } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import { PermissionButton } from '../../../components/can.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useOrphan } from '../api/get-orphan.ts';
import { useProgressReportDownload } from '../api/get-progress-report.ts';
import { OrphanDetailsCards } from '../components/orphan-details-cards.tsx';

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
    <section aria-labelledby="orphan-details-title" className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orphan-details-title" className="text-2xl font-semibold">
          {t('details.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/dashboard/orphans">
              <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
              {t('details.back')}
            </Link>
          </Button>
          {orphan.data ? (
            <Button variant="outline" disabled={report.isPending} onClick={() => report.mutate({ orphanId: orphan.data.id, language: i18n.language })}>
              <FileDown className="h-4 w-4" aria-hidden />
              {report.isPending ? t('details.progressReportPreparing') : t('details.progressReport')}
            </Button>
          ) : null}
          {orphan.data ? (
            <PermissionButton permission={PERMISSION.orphan.edit} asChild>
              <Link to={`/dashboard/orphans/edit/${orphan.data.id}`}>
                <Pencil className="h-4 w-4" aria-hidden />
                {t('details.edit')}
              </Link>
            </PermissionButton>
          ) : null}
        </div>
      </div>

      {report.isError ? <Notice tone="error">{t('details.progressReportError', { message: translateMessage(report.error.message) })}</Notice> : null}

      {orphan.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : orphan.isError ? (
        <Notice tone="error">{t('details.error', { message: translateMessage(orphan.error.message) })}</Notice>
      ) : (
        <>
          <OrphanDetailsCards orphan={orphan.data} />
          {sections ? <Suspense fallback={null}>{sections(orphan.data.id)}</Suspense> : null}
          {/*
            The child's results, attendance and media sections (or links to them) belong here,
            below the cards, once those features exist.
          */}
        </>
      )}
    </section>
  );
}
