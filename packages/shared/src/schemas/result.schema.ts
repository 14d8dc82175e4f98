import { z } from 'zod';
import { COURSE_TERMS, COURSE_TYPES, EDUCATION_TERMS, FILTER_TERMS, GRADES, MAX_ID, RESULT_TYPES } from '../constants.ts';
import { GRADE_LETTERS, gradeForMarks } from '../grade-bands.ts';
import { isoDate, plainText } from './common.schema.ts';
import { siteFilterField } from './sites.schema.ts';

/**
 * Academic results (spec sections 3, 4, 5, 7, 9): one schema per result type — education,
 * discipline, course — each with every section 5 rule and message, joined on `result_type`.
 * The result form's resolver and the `/results` routes both parse with `resultSchema`, so:
 * - fields foreign to the chosen type are dropped (zod objects strip unknown keys), e.g. a
 *   discipline result never keeps a `total` left over from switching the type in the form;
 * - a legacy `remarks` is read as `comments` (when `comments` itself is not given);
 * - the education grade is derived from the score as a percentage of the total marks, by the
 *   section 9 bands (grade-bands.ts), whatever grade was sent; discipline and course grades are
 *   picked from the same letters;
 * - the exam date is not in the future (a result records a mark already given);
 * - `father_name` is read-only (filled from the child on the server) and never read from a body.
 * Scores are JSON numbers: a string ("85") or NaN is refused with a clear message, not coerced.
 */

export const RESULT_MESSAGES = {
  orphanRequired: 'Orphan is required',
  resultTypeRequired: 'Result type is required',
  resultTypeInvalid: 'The selected result type is invalid.',
  examDateRequired: 'Exam date is required',
  examDateFuture: 'The exam date cannot be in the future.',
  yearRequired: 'Year is required',
  yearInvalid: 'Year must be a 4-digit number',
  subjectRequired: 'Subject is required',
  termRequired: 'Term is required',
  termInvalid: 'The selected term is invalid.',
  courseTypeRequired: 'Course type is required',
  courseTypeInvalid: 'The selected course type is invalid.',
  gradeRequired: 'Grade is required',
  gradeInvalid: 'The selected grade is invalid.',
  totalRequired: 'Total is required',
  totalMin: 'Total must be at least 0',
  averageRequired: 'Average is required',
  averageMin: 'Average must be at least 0',
  averageMax: 'Average cannot exceed 100',
  scoreRequired: 'Score is required',
  scoreMin: 'Score must be at least 0',
  /** `{total}` is replaced by the total given. */
  scoreAboveTotal: 'Score cannot exceed total marks ({total})',
  subScoreRange: 'Score must be between 0 and 10',
  overallScoreRange: 'Score must be between 0 and 100',
  notANumber: 'Must be a number',
  tooManyDecimals: 'Use at most 2 decimal places',
} as const;

export const scoreAboveTotalMessage = (total: number): string => RESULT_MESSAGES.scoreAboveTotal.replace('{total}', String(total));

/** The largest total marks accepted (a whole term's subjects added up stays far below it). */
export const RESULT_MAX_TOTAL = 10_000;
/** The most results `GET /results` answers at once (the list is paged in the browser). */
export const RESULTS_LIST_LIMIT = 1000;

const blank = (v: unknown): boolean => v == null || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && Number.isNaN(v));
const hasAtMostTwoDecimals = (n: number): boolean => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/**
 * A mark: a JSON number with at most two decimals. Missing, null, '' and NaN (what an emptied
 * number input gives) mean "not given"; any other string is refused rather than coerced.
 */
function markNumber(min: number, minMessage: string, max: number, maxMessage: string, required?: string) {
  return z
    .number({ error: (iss) => (iss.input === undefined && required ? required : RESULT_MESSAGES.notANumber) })
    .refine(Number.isFinite, { message: RESULT_MESSAGES.notANumber, abort: true })
    .refine(hasAtMostTwoDecimals, { message: RESULT_MESSAGES.tooManyDecimals, abort: true })
    .min(min, minMessage)
    .max(max, maxMessage);
}
const notGiven = (v: unknown): unknown => (blank(v) ? undefined : v);
const requiredMark = (required: string, min: number, minMessage: string, max = RESULT_MAX_TOTAL, maxMessage = `Must be at most ${RESULT_MAX_TOTAL}`) =>
  z.preprocess(notGiven, markNumber(min, minMessage, max, maxMessage, required));
const optionalMark = (min: number, minMessage: string, max: number, maxMessage: string) =>
  z.preprocess(notGiven, markNumber(min, minMessage, max, maxMessage).optional());

const trimmed = (v: unknown): unknown => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v);

function requiredChoice<const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) {
  return z.preprocess(trimmed, z.enum(values, { error: (iss) => (iss.input === undefined ? required : invalid) }));
}
function requiredText(required: string, label: string, max: number) {
  return z.preprocess(trimmed, z.string({ error: required }).pipe(plainText(label, max)));
}
function optionalText(label: string, max: number) {
  return z.preprocess(trimmed, plainText(label, max).optional());
}

/** A 4-digit year, as a number or a string of digits (the form's select holds strings). */
export const yearField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}$/.test(v.trim()) ? Number(v.trim()) : trimmed(v)),
  z
    .number({ error: (iss) => (iss.input === undefined ? RESULT_MESSAGES.yearRequired : RESULT_MESSAGES.yearInvalid) })
    .int(RESULT_MESSAGES.yearInvalid)
    .min(1000, RESULT_MESSAGES.yearInvalid)
    .max(9999, RESULT_MESSAGES.yearInvalid),
);

/** A child picked in a form: a positive id (a select's value may be a string). */
export function orphanIdField(required: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : trimmed(v)),
    z.number({ error: required }).int(required).min(1, required).max(MAX_ID, required),
  );
}

/**
 * Whether a date ('YYYY-MM-DD') has not come yet anywhere on Earth: later than the date 14 hours
 * ahead of UTC (the easternmost time zone), so a date that has begun in Kabul (UTC+4:30), or
 * anywhere else, is never refused.
 */
export function isFutureDate(iso: string, now = new Date()): boolean {
  return iso > new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Fields every result type has. */
const commonFields = {
  orphan_id: orphanIdField(RESULT_MESSAGES.orphanRequired),
  subject: requiredText(RESULT_MESSAGES.subjectRequired, 'subject', 100),
  exam_date: z.preprocess(
    trimmed,
    z
      .string({ error: RESULT_MESSAGES.examDateRequired })
      .pipe(isoDate)
      .refine((d) => !isFutureDate(d), RESULT_MESSAGES.examDateFuture),
  ),
  year: yearField,
  assessed_by: optionalText('assessed by', 100),
  comments: optionalText('comments', 2000),
  /** On update only: the result's `updated_at` as it was read; if it changed since, 409. */
  updated_at: z.string().max(40).optional(),
};

/**
 * Score ≤ total, checked as soon as both marks are valid numbers — even while other fields are
 * still missing, so the form shows it beside their messages.
 */
const scoreNotAboveTotal = {
  path: ['score'],
  error: (iss: { input?: unknown }) => scoreAboveTotalMessage((iss.input as { total: number }).total),
  when: (payload: { issues: ReadonlyArray<{ path?: PropertyKey[] }>; value: unknown }) => {
    const v = payload.value as { score?: unknown; total?: unknown } | undefined;
    return typeof v?.score === 'number' && typeof v?.total === 'number' && !payload.issues.some((i) => i.path?.[0] === 'score' || i.path?.[0] === 'total');
  },
};
const scoreWithinTotal = (d: { score?: number; total?: number }) => d.score === undefined || d.total === undefined || d.score <= d.total;

export const educationResultSchema = z
  .object({
    result_type: z.literal('education'),
    ...commonFields,
    term: requiredChoice(EDUCATION_TERMS, RESULT_MESSAGES.termRequired, RESULT_MESSAGES.termInvalid),
    total: requiredMark(RESULT_MESSAGES.totalRequired, 0, RESULT_MESSAGES.totalMin),
    average: requiredMark(RESULT_MESSAGES.averageRequired, 0, RESULT_MESSAGES.averageMin, 100, RESULT_MESSAGES.averageMax),
    score: requiredMark(RESULT_MESSAGES.scoreRequired, 0, RESULT_MESSAGES.scoreMin),
    // Sent or not, the grade is derived from the score's percentage of the total (below); accepted so the form may hold it.
    grade: z.unknown().optional(),
  })
  .refine(scoreWithinTotal, scoreNotAboveTotal)
  .transform((d) => ({ ...d, grade: gradeForMarks(d.score, d.total) }));

export const disciplineResultSchema = z.object({
  result_type: z.literal('discipline'),
  ...commonFields,
  ethics_score: optionalMark(0, RESULT_MESSAGES.subScoreRange, 10, RESULT_MESSAGES.subScoreRange),
  uniform_score: optionalMark(0, RESULT_MESSAGES.subScoreRange, 10, RESULT_MESSAGES.subScoreRange),
  relationship_score: optionalMark(0, RESULT_MESSAGES.subScoreRange, 10, RESULT_MESSAGES.subScoreRange),
  /** The overall score, out of 100. */
  score: optionalMark(0, RESULT_MESSAGES.overallScoreRange, 100, RESULT_MESSAGES.overallScoreRange),
  grade: requiredChoice(GRADE_LETTERS, RESULT_MESSAGES.gradeRequired, RESULT_MESSAGES.gradeInvalid),
});

export const courseResultSchema = z
  .object({
    result_type: z.literal('course'),
    ...commonFields,
    course_type: requiredChoice(COURSE_TYPES, RESULT_MESSAGES.courseTypeRequired, RESULT_MESSAGES.courseTypeInvalid),
    term: requiredChoice(COURSE_TERMS, RESULT_MESSAGES.termRequired, RESULT_MESSAGES.termInvalid),
    total: requiredMark(RESULT_MESSAGES.totalRequired, 0, RESULT_MESSAGES.totalMin),
    score: requiredMark(RESULT_MESSAGES.scoreRequired, 0, RESULT_MESSAGES.scoreMin),
    grade: requiredChoice(GRADE_LETTERS, RESULT_MESSAGES.gradeRequired, RESULT_MESSAGES.gradeInvalid),
  })
  .refine(scoreWithinTotal, scoreNotAboveTotal);

/** The result types' schemas by type (the form switches between them). */
export const RESULT_SCHEMAS = {
  education: educationResultSchema,
  discipline: disciplineResultSchema,
  course: courseResultSchema,
} as const;

/** Reads a legacy `remarks` as `comments` before anything else looks at the body. */
function legacyRemarks(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const { remarks, ...rest } = v as Record<string, unknown>;
  if (remarks !== undefined && blank(rest.comments)) rest.comments = remarks;
  return rest;
}

/** The result form and the create/update body: one of the three types, picked by `result_type`. */
export const resultSchema = z.preprocess(
  (v) => {
    const body = legacyRemarks(v);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const t = (body as Record<string, unknown>).result_type;
      if (blank(t)) return { ...body, result_type: undefined };
    }
    return body;
  },
  z.discriminatedUnion('result_type', [educationResultSchema, disciplineResultSchema, courseResultSchema], {
    error: (iss) => ((iss.input as Record<string, unknown> | undefined)?.result_type === undefined ? RESULT_MESSAGES.resultTypeRequired : RESULT_MESSAGES.resultTypeInvalid),
  }),
);
export type ResultInput = z.input<typeof educationResultSchema> | z.input<typeof disciplineResultSchema> | z.input<typeof courseResultSchema>;
export type ResultData = z.output<typeof resultSchema>;
export type ResultType = (typeof RESULT_TYPES)[number];

/** The fields each type keeps (everything else is dropped on submit). */
export const RESULT_TYPE_FIELDS = {
  education: ['subject', 'term', 'total', 'average', 'score', 'grade'],
  discipline: ['subject', 'ethics_score', 'uniform_score', 'relationship_score', 'score', 'grade'],
  course: ['subject', 'course_type', 'term', 'total', 'score', 'grade'],
} as const satisfies Record<ResultType, readonly string[]>;

const optionalQueryChoice = <const T extends readonly [string, ...string[]]>(values: T, invalid: string) =>
  z.preprocess(trimmed, z.enum(values, { error: invalid }).optional());

/** `GET /results` query: every filter optional; answers the whole filtered list (at most RESULTS_LIST_LIMIT). */
export const resultListQuerySchema = z.object({
  /** Only the results of this site's children (one the user holds: else 422). */
  site_id: siteFilterField,
  orphan_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : trimmed(v)),
    z.number({ error: 'The orphan id must be a whole number.' }).int().min(1).max(MAX_ID).optional(),
  ),
  year: z.preprocess((v) => (blank(v) ? undefined : v), yearField.optional()),
  term: optionalQueryChoice(FILTER_TERMS, RESULT_MESSAGES.termInvalid),
  result_type: optionalQueryChoice(RESULT_TYPES, RESULT_MESSAGES.resultTypeInvalid),
});
export type ResultListQueryInput = z.input<typeof resultListQuerySchema>;
export type ResultListQuery = z.output<typeof resultListQuerySchema>;

/**
 * `GET /results/class`: the results already entered for one assessment (result-assessment.ts) of
 * a class's children — what "Enter class results" loads, so a save updates them instead of
 * adding a second result. The term is needed for education and course, ignored for discipline.
 */
export const classResultsQuerySchema = z
  .object({
    class_grade: z.preprocess((v) => (typeof v === 'number' ? String(v) : trimmed(v)), z.enum(GRADES, { error: 'The selected grade is invalid.' })),
    result_type: requiredChoice(RESULT_TYPES, RESULT_MESSAGES.resultTypeRequired, RESULT_MESSAGES.resultTypeInvalid),
    subject: requiredText(RESULT_MESSAGES.subjectRequired, 'subject', 100),
    term: z.preprocess(trimmed, z.enum(FILTER_TERMS, { error: RESULT_MESSAGES.termInvalid }).optional()),
    exam_date: z.preprocess(trimmed, z.string({ error: RESULT_MESSAGES.examDateRequired }).pipe(isoDate)),
  })
  .refine((q) => q.result_type === 'discipline' || q.term !== undefined, { path: ['term'], message: RESULT_MESSAGES.termRequired });
export type ClassResultsQueryInput = z.input<typeof classResultsQuerySchema>;
export type ClassResultsQuery = z.output<typeof classResultsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers.

const nullableNumber = z.number().nullable();
const nullableText = z.string().nullable();

/** A result as every call answers it: the fields of its type set, the others null. */
export const resultAnswerSchema = z.object({
  id: z.number().int(),
  orphan_id: z.number().int(),
  /** From the child (read-only). */
  /** Absent when the user may not view the family class (need to know). */
  father_name: nullableText.optional(),
  /** The child's first and last name, or null when unknown (the details screen shows 'Unknown'). */
  orphan_name: nullableText,
  result_type: z.enum(RESULT_TYPES),
  subject: z.string(),
  term: nullableText,
  exam_date: z.string(),
  year: z.number().int(),
  grade: z.string(),
  assessed_by: nullableText,
  comments: nullableText,
  total: nullableNumber,
  average: nullableNumber,
  score: nullableNumber,
  /**
   * The score as a percentage of the total marks (the discipline overall score is out of 100
   * already), rounded to 2 places; null without a score. What averages and charts are made of.
   */
  percent: nullableNumber,
  ethics_score: nullableNumber,
  uniform_score: nullableNumber,
  relationship_score: nullableNumber,
  course_type: nullableText,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Result = z.infer<typeof resultAnswerSchema>;

export const resultResponseSchema = z.object({ data: resultAnswerSchema });
export type ResultResponse = z.infer<typeof resultResponseSchema>;
export const resultSavedResponseSchema = z.object({ message: z.string(), data: resultAnswerSchema });
export type ResultSavedResponse = z.infer<typeof resultSavedResponseSchema>;

/**
 * `GET /results`: the whole filtered list, newest exam first, for paging in the browser (spec
 * section 9: 5 a page). Bounded: at most RESULTS_LIST_LIMIT rows; `truncated` says more matched
 * (narrow the filters).
 */
export const resultListResponseSchema = z.object({ data: z.array(resultAnswerSchema), truncated: z.boolean() });
export type ResultListResponse = z.infer<typeof resultListResponseSchema>;

/** `GET /results/class`: the class's results of the assessment, by child's last and first name (a class holds well under a thousand children). */
export const classResultsResponseSchema = z.object({ data: z.array(resultAnswerSchema) });
export type ClassResultsResponse = z.infer<typeof classResultsResponseSchema>;

/**
 * Averages of one group of results: per type, the mean of the results' percentages of their total
 * marks (never of raw scores out of different totals) and how many results it covers.
 */
const typeAverage = z.object({ count: z.number().int(), average_percent: nullableNumber });
export const resultAveragesSchema = z.object({ education: typeAverage, discipline: typeAverage, course: typeAverage });
export type ResultAverages = z.infer<typeof resultAveragesSchema>;

/**
 * `GET /orphans/{id}/results`: the child's results grouped by year (newest first) and term, with
 * per type the mean percentage of the total marks (rounded to 2 places; null when none) in
 * each term, each year and overall. Results without a term (discipline) sit under `term: null`.
 */
export const orphanResultsResponseSchema = z.object({
  data: z.object({
    orphan: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), father_name: nullableText.optional() }),
    averages: resultAveragesSchema,
    years: z.array(
      z.object({
        year: z.number().int(),
        averages: resultAveragesSchema,
        terms: z.array(z.object({ term: nullableText, averages: resultAveragesSchema, results: z.array(resultAnswerSchema) })),
      }),
    ),
  }),
});
export type OrphanResultsResponse = z.infer<typeof orphanResultsResponseSchema>;

export const RESULT_RESPONSE_MESSAGES = {
  created: 'Result created successfully',
  updated: 'Result updated successfully',
  deleted: 'Result deleted successfully',
  notFound: 'Result not found',
  orphanNotFound: 'The selected orphan does not exist.',
  orphanLocked: 'The orphan of a result cannot be changed.',
  changedMeanwhile: 'Someone else saved this result after you opened it. Reload the page to see their changes, then make yours again.',
  /** A second result for one assessment (result-assessment.ts): `{name}`, `{subject}`, `{term}` and `{date}` are filled in. */
  duplicateEducation: '{name} already has an education result in {subject} for {term} on {date}.',
  duplicateCourse: '{name} already has a course result in {subject} for {term} on {date}.',
  /** `{name}`, `{subject}` and `{date}` are filled in. */
  duplicateDiscipline: '{name} already has a discipline result in {subject} on {date}.',
} as const;
