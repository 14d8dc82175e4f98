import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReadLogItem } from '@app/shared/schemas/read-log.schema';
import { DataTable } from '../../../components/list/data-table.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useReadLabels } from './read-labels.ts';

/** When, who, what was read (a child, a file, an export), from which address. */
export function AccessLogTable({ rows, showChild = true }: { rows: readonly ReadLogItem[]; showChild?: boolean }) {
  const { t } = useTranslation('activities');
  const format = useFormat();
  const labels = useReadLabels();

  return (
    <DataTable
      rows={rows}
      columns={[
        {
          id: 'when',
          header: t('columns.when'),
          cell: (line) => <time dateTime={line.created_at}>{format.dateTime(line.created_at)}</time>,
          className: 'whitespace-nowrap text-gray-600 dark:text-gray-400',
        },
        {
          id: 'who',
          header: t('columns.who'),
          key: true,
          cell: (line) => (line.user ? <span dir="auto">{line.user.name}</span> : <span className="text-gray-500 dark:text-gray-400">{t('accessLog.removedUser')}</span>),
        },
        { id: 'what', header: t('columns.what'), key: true, cell: (line) => labels.what(line) },
        ...(showChild
          ? [
              {
                id: 'child',
                header: t('accessLog.child'),
                cell: (line: ReadLogItem) =>
                  line.orphan ? (
                    <Link to={`/dashboard/orphans/${line.orphan.id}`} dir="auto" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
                      {line.orphan.name}
                    </Link>
                  ) : (
                    <span className="text-gray-500 dark:text-gray-400">—</span>
                  ),
              },
            ]
          : []),
        { id: 'address', header: t('accessLog.address'), cell: (line) => <span dir="ltr">{line.address ?? '—'}</span>, className: 'whitespace-nowrap' },
      ]}
    />
  );
}
