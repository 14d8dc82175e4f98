import { useTranslation } from 'react-i18next';
import type { Result } from '@app/shared/schemas/result.schema';
import { SchoolRecordTable } from '../../../components/school-record-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useResultFormat } from './use-result-format.ts';
import { Ltr } from '../../../components/ui/ltr.tsx';

interface ResultTableProps {
  rows: readonly Result[];
  onDelete: (result: Result) => void;
}

export const resultPath = (result: Pick<Result, 'id'>) => `/dashboard/results/${result.id}`;

/** The results table: View always; Edit and Delete follow the result permissions (spec section 6). */
export function ResultTable({ rows, onDelete }: ResultTableProps) {
  const { t } = useTranslation('results');
  const format = useResultFormat();
  return (
    <SchoolRecordTable
      feature="results"
      rows={rows}
      student={{ name: format.student, to: resultPath }}
      named={(result) => ({ subject: result.subject, name: format.student(result) })}
      view={resultPath}
      onDelete={onDelete}
      columns={[
        { id: 'type', header: t('columns.type'), cell: (result) => format.type(result.result_type) },
        { id: 'subject', header: t('columns.subject'), key: true, cell: (result) => result.subject },
        { id: 'term', header: t('columns.term'), cell: (result) => format.term(result.term), className: 'whitespace-nowrap' },
        { id: 'year', header: t('columns.year'), cell: (result) => format.year(result.year), className: 'tabular-nums whitespace-nowrap' },
        { id: 'score', header: t('columns.score'), cell: (result) => format.score(result), className: 'tabular-nums whitespace-nowrap' },
        { id: 'grade', header: t('columns.grade'), key: true, cell: (result) => (
            <Badge tone="blue">
              <Ltr>{result.grade}</Ltr>
            </Badge>
          ),
        },
        { id: 'exam', header: t('columns.examDate'), cell: (result) => format.date(result.exam_date), className: 'whitespace-nowrap' },
      ]}
    />
  );
}
