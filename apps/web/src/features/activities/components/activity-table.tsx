import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivityLogItem } from '@app/shared/schemas/activity.schema';
import { DataTable } from '../../../components/list/data-table.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useActivityLabels } from '../../../lib/activity-labels.ts';

/** When, who, what (action and type), the record (linked while it exists outside the trash). */
export function ActivityTable({ rows }: { rows: readonly ActivityLogItem[] }) {
  const { t } = useTranslation('activities');
  const format = useFormat();
  const labels = useActivityLabels();

  return (
    <DataTable
      rows={rows}
      columns={[
        {
          id: 'when',
          header: t('columns.when'),
          cell: (entry) => <time dateTime={entry.created_at}>{format.dateTime(entry.created_at)}</time>,
          className: 'whitespace-nowrap text-gray-600 dark:text-gray-400',
        },
        {
          id: 'who',
          header: t('columns.who'),
          cell: (entry) => (entry.user ? <span dir="auto">{entry.user.name}</span> : <span className="text-gray-500 dark:text-gray-400">{t('noUser')}</span>),
        },
        {
          id: 'what',
          header: t('columns.what'),
          key: true,
          cell: (entry) => <span className="font-medium">{labels.action(entry.action)}</span>,
          className: 'whitespace-nowrap',
        },
        {
          id: 'record',
          header: t('columns.record'),
          key: true,
          cell: (entry) => (
            <div className="min-w-0">
              {entry.link ? (
                <Link
                  to={entry.link}
                  dir="auto"
                  aria-label={t('openRecord', { name: labels.record(entry) })}
                  className="font-medium text-brand-700 hover:underline dark:text-brand-400"
                >
                  {labels.record(entry)}
                </Link>
              ) : (
                <span dir="auto">{labels.record(entry)}</span>
              )}
              <div className="text-xs text-gray-500 dark:text-gray-400">{labels.subject(entry.subject_type)}</div>
            </div>
          ),
        },
        { id: 'type', header: t('columns.type'), cell: (entry) => labels.type(entry.type) },
      ]}
    />
  );
}
