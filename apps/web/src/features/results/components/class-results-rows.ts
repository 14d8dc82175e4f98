import { RESULT_TYPES } from '@app/shared/constants';
import { isoDate } from '@app/shared/schemas/common.schema';
import { resultSchema, type Result, type ResultData } from '@app/shared/schemas/result.schema';
import type { ClassAssessmentLookup } from '../api/get-class-results.ts';

/**
 * "Enter class results": what is shared by the whole class (the assessment) and what each
 * child's row holds, as typed (strings), and the result body each typed row makes. Pure, so what
 * is sent and where each message goes are unit-tested.
 */
export interface ClassAssessment {
  result_type: string;
  subject: string;
  term: string;
  exam_date: string;
  year: string;
  course_type: string;
  /** Total marks, the same for the class (education, course). */
  total: string;
  assessed_by: string;
}
export type AssessmentField = keyof ClassAssessment;
export const ASSESSMENT_FIELDS = ['result_type', 'subject', 'term', 'exam_date', 'year', 'course_type', 'total', 'assessed_by'] as const satisfies readonly AssessmentField[];

export interface MarkRow {
  score: string;
  average: string;
  ethics_score: string;
  uniform_score: string;
  relationship_score: string;
  grade: string;
}
export type MarkRowField = keyof MarkRow;
export const EMPTY_MARKS: MarkRow = { score: '', average: '', ethics_score: '', uniform_score: '', relationship_score: '', grade: '' };

/** The row fields each type asks for (the shared schema keeps the same ones). */
export const ROW_FIELDS_BY_TYPE: Record<string, readonly MarkRowField[]> = {
  education: ['score', 'average'],
  discipline: ['ethics_score', 'uniform_score', 'relationship_score', 'score', 'grade'],
  course: ['score', 'grade'],
};

export function emptyAssessment(now = new Date()): ClassAssessment {
  return { result_type: 'education', subject: '', term: '', exam_date: '', year: String(now.getFullYear()), course_type: '', total: '', assessed_by: '' };
}

/**
 * The assessment as the page's address holds it (a reload or a shared link opens the same one):
 * each field under its own name; a missing or unknown type is education, a missing year this year.
 */
export function assessmentFromParams(params: URLSearchParams, now = new Date()): ClassAssessment {
  const empty = emptyAssessment(now);
  const type = params.get('result_type') ?? '';
  return {
    ...Object.fromEntries(ASSESSMENT_FIELDS.map((field) => [field, params.get(field) ?? empty[field]])),
    result_type: (RESULT_TYPES as readonly string[]).includes(type) ? type : empty.result_type,
  } as ClassAssessment;
}

/**
 * The assessment to look the class's stored results up by (result-assessment.ts), once the page
 * names one completely — a class, a type, a subject, a valid exam date and, but for discipline, a
 * term — else null (nothing to load: every row is new). `site`: the class's site, for a user of
 * several ('' for a user of one).
 */
export function assessmentLookup(grade: string, site: string, a: Pick<ClassAssessment, 'result_type' | 'subject' | 'term' | 'exam_date'>): ClassAssessmentLookup | null {
  const subject = a.subject.trim();
  const needsTerm = a.result_type !== 'discipline';
  if (!grade || !a.result_type || !subject || !isoDate.safeParse(a.exam_date).success || (needsTerm && !a.term)) return null;
  return { class_grade: grade, ...(site ? { site_id: site } : {}), result_type: a.result_type, subject, exam_date: a.exam_date, ...(needsTerm ? { term: a.term } : {}) };
}

const typed = (value: number | null): string => (value === null ? '' : String(value));

/** A stored result as its row shows it (the grid is prefilled with the assessment's results). */
export function marksOf(result: Result): MarkRow {
  return {
    score: typed(result.score),
    average: typed(result.average),
    ethics_score: typed(result.ethics_score),
    uniform_score: typed(result.uniform_score),
    relationship_score: typed(result.relationship_score),
    grade: result.result_type === 'education' ? '' : result.grade,
  };
}

const mark = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));

/** Has anything been typed in the row's fields of this type? (Untouched rows are not saved.) */
export function rowTyped(type: string, row: MarkRow): boolean {
  return (ROW_FIELDS_BY_TYPE[type] ?? []).some((field) => row[field].trim() !== '');
}

export type RowCheck =
  | { ok: true; data: ResultData }
  | { ok: false; assessment: Partial<Record<AssessmentField, string>>; row: Partial<Record<MarkRowField | 'row', string>> };

/**
 * One child's result, checked by the shared schema (which drops the fields foreign to the type and
 * derives the education grade). Its messages are split: those about the class's assessment go
 * beside the assessment fields, the rest on the child's row.
 */
export function checkRow(orphanId: number, assessment: ClassAssessment, row: MarkRow): RowCheck {
  const parsed = resultSchema.safeParse({
    ...assessment,
    orphan_id: orphanId,
    total: mark(assessment.total),
    score: mark(row.score),
    average: mark(row.average),
    ethics_score: mark(row.ethics_score),
    uniform_score: mark(row.uniform_score),
    relationship_score: mark(row.relationship_score),
    grade: row.grade,
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  const shared: Partial<Record<AssessmentField, string>> = {};
  const own: Partial<Record<MarkRowField | 'row', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if ((ASSESSMENT_FIELDS as readonly string[]).includes(field)) shared[field as AssessmentField] ??= issue.message;
    else if (field in EMPTY_MARKS) own[field as MarkRowField] ??= issue.message;
    else own.row ??= issue.message;
  }
  return { ok: false, assessment: shared, row: own };
}
