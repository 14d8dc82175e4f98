import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/ui/notice.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useOrphanViews } from '../api/get-orphan-views.ts';
import { AccessLogTable } from './access-log-table.tsx';

/**
 * "Who viewed this record" on a child's details page (view-access-log): the latest reads of the
 * child's record, files and reports, and a link to all of them on the Access log screen.
 */
export function OrphanViewsCard({ orphanId }: { orphanId: number }) {
  const { t } = useTranslation('activities');
  const views = useOrphanViews(orphanId, 1);
  const headingId = `orphan-views-${orphanId}`;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('accessLog.viewsTitle')}
        </h2>
        <Link to={`/dashboard/access-log?orphan_id=${orphanId}`} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('accessLog.viewsAll')}
        </Link>
      </div>
      {views.isError ? (
        <Notice tone="error">{t('accessLog.loadError', { message: translateMessage(t, views.error.message) })}</Notice>
      ) : views.isPending ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('accessLog.loading')}</p>
      ) : views.data.data.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('accessLog.viewsEmpty')}</p>
      ) : (
        <AccessLogTable rows={views.data.data} showChild={false} />
      )}
    </section>
  );
}
