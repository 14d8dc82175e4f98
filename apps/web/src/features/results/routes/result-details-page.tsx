import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Pencil } from 'lucide-react';
import { PERMISSION } from '@app/shared/permissions';
import { PermissionButton } from '../../../components/can.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useResult } from '../api/get-result.ts';
import { ResultDetailsCards } from '../components/result-details-cards.tsx';

/** /dashboard/results/{id} (spec section 2): 'Result not found' when there is none. */
export function ResultDetailsPage() {
  const { t } = useTranslation('results');
  const { id } = useParams();
  const result = useResult(id);
  const missing = result.isError && isApiError(result.error) && (result.error.status === 404 || result.error.status === 422);

  return (
    <section aria-labelledby="result-details-title" className="mx-auto max-w-5xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="result-details-title" className="text-2xl font-semibold">
          {t('details.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/dashboard/results">
              <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
              {t('details.back')}
            </Link>
          </Button>
          {result.data ? (
            <PermissionButton permission={PERMISSION.result.edit} asChild>
              <Link to={`/dashboard/results/edit/${result.data.id}`}>
                <Pencil className="h-4 w-4" aria-hidden />
                {t('details.edit')}
              </Link>
            </PermissionButton>
          ) : null}
        </div>
      </div>

      {result.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : missing ? (
        <div className="rounded-lg border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
          <EmptyState message={t('details.notFound')} />
        </div>
      ) : result.isError ? (
        <Notice tone="error">{t('details.error', { message: translateMessage(t, result.error.message) })}</Notice>
      ) : (
        <ResultDetailsCards result={result.data} />
      )}
    </section>
  );
}
