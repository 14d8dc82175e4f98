import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { ResultExport } from '@app/shared/schemas/export.schema';
import { resultPercent } from '@app/shared/grade-bands';
import { RESULT_TYPE_FIELDS, type ResultType } from '@app/shared/schemas/result.schema';
import type { DB, ResultsTable } from '../../db/schema.ts';
import { withFatherNames, withinScope, type SiteScope } from '../orphans/orphans.service.ts';
import { childColumns, choiceText, type Column, type ExportTexts, EXPORT_PAGE_SIZE, type ExportLanguage, type FeatureExport, solarHijriYear } from '../exports/exports.service.ts';

/** This sheet's own headings and name, in each language a sheet is written in. */
const HEADING = {
  subject: { en: 'Subject', 'fa-AF': 'مضمون', 'ps-AF': 'مضمون' },
  term: { en: 'Term', 'fa-AF': 'دوره', 'ps-AF': 'دوره' },
  examDate: { en: 'Exam Date', 'fa-AF': 'تاریخ امتحان', 'ps-AF': 'د ازموینې نېټه' },
  total: { en: 'Total', 'fa-AF': 'مجموع نمرات', 'ps-AF': 'ټولې نمرې' },
  average: { en: 'Average', 'fa-AF': 'اوسط', 'ps-AF': 'اوسط' },
  score: { en: 'Score', 'fa-AF': 'نمره', 'ps-AF': 'نمره' },
  percent: { en: 'Percent', 'fa-AF': 'فیصدی', 'ps-AF': 'سلنه' },
  grade: { en: 'Grade', 'fa-AF': 'درجه', 'ps-AF': 'درجه' },
  ethicsScore: { en: 'Ethics Score', 'fa-AF': 'نمره اخلاق', 'ps-AF': 'د اخلاقو نمره' },
  uniformScore: { en: 'Uniform Score', 'fa-AF': 'نمره یونیفورم', 'ps-AF': 'د یونیفورم نمره' },
  relationshipScore: { en: 'Relationship Score', 'fa-AF': 'نمره روابط', 'ps-AF': 'د اړیکو نمره' },
  courseType: { en: 'Course Type', 'fa-AF': 'نوع کورس', 'ps-AF': 'د کورس ډول' },
  assessedBy: { en: 'Assessed By', 'fa-AF': 'ارزیابی کننده', 'ps-AF': 'ارزونکی' },
  comments: { en: 'Comments', 'fa-AF': 'ملاحظات', 'ps-AF': 'نظرونه' },
} as const satisfies Record<string, ExportTexts>;
const SHEET_NAME: ExportTexts = { en: 'Results', 'fa-AF': 'نتایج', 'ps-AF': 'پایلې' };

/** The results' Excel export: one result type, by year, exam date, id (results_year_idx; one child's along results_orphan_idx). */

export interface ResultExportFilter {
  resultType: string;
  fromDate: string;
  toDate: string;
  orphanId?: number;
  term?: string;
  year?: number;
}

/** A result as exported: its columns as stored, with the child's names beside them. */
export type ResultExportRow = Pick<
  Selectable<ResultsTable>,
  | 'id' | 'orphan_id' | 'subject' | 'term' | 'exam_date' | 'year' | 'grade' | 'assessed_by' | 'comments' | 'total' | 'average' | 'score'
  | 'ethics_score' | 'uniform_score' | 'relationship_score' | 'course_type'
> & { first_name: string; last_name: string; father_name: string | null; site_name: string };

export async function* resultExportPages(db: Kysely<DB>, scope: SiteScope, f: ResultExportFilter, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ResultExportRow[]> {
  let after: ResultExportRow | undefined;
  for (;;) {
    let q = db
      .selectFrom('results')
      .innerJoin('orphans', 'orphans.id', 'results.orphan_id')
      .innerJoin('sites', 'sites.id', 'orphans.site_id')
      .select([
        'sites.name as site_name',
        'results.id', 'results.orphan_id', 'orphans.first_name', 'orphans.last_name', 'orphans.father_name', 'results.subject', 'results.term',
        'results.exam_date', 'results.year', 'results.grade', 'results.assessed_by', 'results.comments', 'results.total', 'results.average',
        'results.score', 'results.ethics_score', 'results.uniform_score', 'results.relationship_score', 'results.course_type',
      ])
      .where('orphans.deleted_at', 'is', null)
      .where('results.result_type', '=', f.resultType)
      .where('results.exam_date', '>=', f.fromDate)
      .where('results.exam_date', '<=', f.toDate);
    q = withinScope(q, scope);
    if (f.orphanId !== undefined) q = q.where('results.orphan_id', '=', f.orphanId);
    if (f.term !== undefined) q = q.where('results.term', '=', f.term);
    if (f.year !== undefined) q = q.where('results.year', '=', f.year);
    if (after) q = q.where(sql<boolean>`(results.year, results.exam_date, results.id) > (${after.year}, ${after.exam_date}, ${after.id})`);
    const rows = withFatherNames((await orderedResults(q, f.orphanId !== undefined).limit(pageSize).execute()) as ResultExportRow[], (r) => r.orphan_id);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1];
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the builder's selection type is the caller's
function orderedResults<Q extends SelectQueryBuilder<DB, 'results' | 'orphans' | 'sites', any>>(q: Q, oneChild: boolean): Q {
  // With one child, the orphan_id equality leads results_orphan_idx; naming it keeps that index's order usable.
  const byChild = oneChild ? (q.orderBy('results.orphan_id') as Q) : q;
  return byChild.orderBy('results.year').orderBy('results.exam_date').orderBy('results.id') as Q;
}

/** The columns of each result field (RESULT_TYPE_FIELDS names which a type has), in the reader's language. */
const resultFieldColumns = (language: ExportLanguage): Record<(typeof RESULT_TYPE_FIELDS)[ResultType][number], Column<ResultExportRow>> => ({
  subject: { heading: HEADING.subject, kind: 'text', width: 18, value: (r) => choiceText(r.subject, language) },
  term: { heading: HEADING.term, kind: 'text', width: 12, value: (r) => choiceText(r.term, language) },
  course_type: { heading: HEADING.courseType, kind: 'text', width: 12, value: (r) => choiceText(r.course_type, language) },
  total: { heading: HEADING.total, kind: 'number', width: 8, value: (r) => r.total },
  average: { heading: HEADING.average, kind: 'number', width: 9, value: (r) => r.average },
  score: { heading: HEADING.score, kind: 'number', width: 8, value: (r) => r.score },
  ethics_score: { heading: HEADING.ethicsScore, kind: 'number', width: 10, value: (r) => r.ethics_score },
  uniform_score: { heading: HEADING.uniformScore, kind: 'number', width: 10, value: (r) => r.uniform_score },
  relationship_score: { heading: HEADING.relationshipScore, kind: 'number', width: 12, value: (r) => r.relationship_score },
  grade: { heading: HEADING.grade, kind: 'text', width: 7, value: (r) => r.grade },
});

/**
 * The score as a share of the total marks (a percent cell), beside the score of a type marked out
 * of a total; the discipline overall score is out of 100 already.
 */
const percentColumn = (type: ResultType): Column<ResultExportRow> => ({
  heading: HEADING.percent,
  kind: 'percent',
  width: 9,
  value: (r) => {
    const p = resultPercent({ result_type: type, score: r.score, total: r.total });
    return p === null ? null : p / 100;
  },
});

/** The child, then the chosen type's fields in the form's order (the score's percentage after the score), then when and by whom. */
export function resultColumns(type: ResultType, language: ExportLanguage): Array<Column<ResultExportRow>> {
  const fields = resultFieldColumns(language);
  return [
    { heading: 'id', kind: 'number', width: 8, value: (r) => r.id },
    ...childColumns,
    ...RESULT_TYPE_FIELDS[type].flatMap((f) => (f === 'score' && type !== 'discipline' ? [fields[f], percentColumn(type)] : [fields[f]])),
    { heading: HEADING.examDate, kind: 'date', width: 12, value: (r) => r.exam_date },
    { heading: 'year', kind: 'number', width: 7, value: (r) => r.year, solarHijri: solarHijriYear },
    { heading: HEADING.assessedBy, kind: 'text', width: 16, value: (r) => r.assessed_by },
    { heading: HEADING.comments, kind: 'text', width: 30, value: (r) => r.comments },
  ];
}

export const resultsExport: FeatureExport<ResultExport, ResultExportRow> = {
  kind: 'results',
  logName: 'Academic results export',
  orphanId: (q) => q.orphan_id,
  sheet: (db, scope, q, language) => ({
    sheetName: SHEET_NAME[language],
    columns: resultColumns(q.result_type, language),
    pages: resultExportPages(db, scope, { resultType: q.result_type, fromDate: q.from_date, toDate: q.to_date, orphanId: q.orphan_id, term: q.term, year: q.year }),
  }),
};
