import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Result } from '@app/shared/schemas/result.schema';
import { Badge } from '../../../components/ui/badge.tsx';
import { HiddenMark } from '../../../components/hidden-mark.tsx';
import { useResultFormat } from './use-result-format.ts';
import { Ltr } from '../../../components/ui/ltr.tsx';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-5 dark:border-gray-700 dark:bg-gray-900">
      <h3 id={id} className="mb-3 text-base font-semibold text-gray-900 dark:text-gray-100">
        {title}
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,auto)_minmax(0,1fr)]">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-gray-900 dark:text-gray-100">{children === null || children === '' ? '-' : children}</dd>
    </div>
  );
}

/** Spec section 2: Basic Information and Result Details; only the fields of the result's type. */
export function ResultDetailsCards({ result }: { result: Result }) {
  const { t } = useTranslation('results');
  const format = useResultFormat();
  const f = (name: string) => t(`fields.${name}` as 'fields.subject');
  const education = result.result_type === 'education';
  const discipline = result.result_type === 'discipline';
  const course = result.result_type === 'course';

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card id="result-card-basic" title={t('details.basic')}>
        <Row label={t('columns.student')}>
          {result.orphan_name ? (
            <Link to={`/dashboard/orphans/${result.orphan_id}`} dir="auto" className="text-brand-700 underline dark:text-brand-400">
              {format.student(result)}
            </Link>
          ) : (
            format.student(result)
          )}
        </Row>
        {/* Absent, not empty, for a reader who may not see the child's family (need to know). */}
        <Row label={f('father_name')}>{result.father_name === undefined ? <HiddenMark /> : result.father_name}</Row>
        <Row label={f('result_type')}>{format.type(result.result_type)}</Row>
        <Row label={f('subject')}>{result.subject}</Row>
        {discipline ? null : <Row label={f('term')}>{format.term(result.term)}</Row>}
        <Row label={f('year')}>{format.year(result.year)}</Row>
        <Row label={f('exam_date')}>{format.date(result.exam_date)}</Row>
        <Row label={f('assessed_by')}>{result.assessed_by}</Row>
      </Card>
      <Card id="result-card-details" title={t('details.result')}>
        {course ? <Row label={f('course_type')}>{format.courseType(result.course_type)}</Row> : null}
        {discipline ? (
          <>
            <Row label={f('ethics_score')}>{format.mark(result.ethics_score)}</Row>
            <Row label={f('uniform_score')}>{format.mark(result.uniform_score)}</Row>
            <Row label={f('relationship_score')}>{format.mark(result.relationship_score)}</Row>
            <Row label={f('overall_score')}>{format.mark(result.score)}</Row>
          </>
        ) : (
          <>
            <Row label={f('total')}>{format.mark(result.total)}</Row>
            <Row label={f('score')}>{format.score(result)}</Row>
            <Row label={f('percent')}>{format.percent(result.percent)}</Row>
          </>
        )}
        {education ? <Row label={f('average')}>{format.mark(result.average)}</Row> : null}
        <Row label={f('grade')}>
          <Badge tone="blue">
            <Ltr>{result.grade}</Ltr>
          </Badge>
        </Row>
        <Row label={f('comments')}>{result.comments}</Row>
      </Card>
    </div>
  );
}
