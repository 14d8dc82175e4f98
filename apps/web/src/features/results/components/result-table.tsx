import { useTranslation } from 'react-i18next';
import { PERMISSION } from '@app/shared/permissions';
import type { Result } from '@app/shared/schemas/result.schema';
import { useCan } from '../../../components/can.tsx';
import { CellLink, DataTable } from '../../../components/list/data-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useResultFormat } from './use-result-format.ts';

interface ResultTableProps {
  rows: readonly Result[];
  onDelete: (result: Result) => void;
}

export const resultPath = (result: Pick<Result, 'id'>) => `/dashboard/results/${result.id}`;

/** The results table: View always; Edit and Delete follow the result permissions (spec section 6). */
export function ResultTable({ rows, onDelete }: ResultTableProps) {
  const { t } = useTranslation('results');
  const canEdit = useCan(PERMISSION.result.edit);
  const canDelete = useCan(PERMISSION.result.delete);
  const format = useResultFormat();
  const named = (result: Result) => ({ subject: result.subject, name: format.student(result) });

  return (
    <DataTable
      rows={rows}
      columns={[
        {
          id: 'student',
          header: t('columns.student'),
          key: true,
          cell: (result) => <CellLink to={resultPath(result)}>{format.student(result)}</CellLink>,
        },
        { id: 'type', header: t('columns.type'), cell: (result) => format.type(result.result_type) },
        { id: 'subject', header: t('columns.subject'), key: true, cell: (result) => result.subject },
        { id: 'term', header: t('columns.term'), cell: (result) => format.term(result.term), className: 'whitespace-nowrap' },
        { id: 'year', header: t('columns.year'), cell: (result) => result.year, className: 'tabular-nums' },
        { id: 'score', header: t('columns.score'), cell: (result) => format.score(result), className: 'tabular-nums whitespace-nowrap' },
        { id: 'grade', header: t('columns.grade'), key: true, cell: (result) => <Badge tone="blue">{result.grade}</Badge> },
        { id: 'exam', header: t('columns.examDate'), cell: (result) => format.date(result.exam_date), className: 'whitespace-nowrap' },
      ]}
      actions={[
        { kind: 'view', label: (result) => t('actions.viewNamed', named(result)), to: resultPath },
        { kind: 'edit', label: (result) => t('actions.editNamed', named(result)), allowed: canEdit, to: (result) => `/dashboard/results/edit/${result.id}` },
        { kind: 'delete', label: (result) => t('actions.deleteNamed', named(result)), allowed: canDelete, onSelect: onDelete },
      ]}
    />
  );
}
