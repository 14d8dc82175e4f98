/**
 * One assessment of a child — a subject's exam on a day — has one result. An education or
 * course result is the same assessment as another of the same type, subject, term and exam date;
 * a discipline result (it has no term) as another discipline result in the same subject on the
 * same date. The server refuses a second result for an assessment, "Enter class results" loads
 * the class's results of the assessment chosen (so a save updates them), and the duplicates
 * report finds what was stored twice before — all by this rule.
 */

export interface AssessmentFields {
  result_type: string;
  subject: string;
  term?: string | null;
  exam_date: string;
}

/** A subject as compared: trimmed, inner spaces folded, case ignored ("Mathematics" = "mathematics "). */
const subjectKey = (subject: string): string => subject.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** The key of a result's assessment: equal keys are the same assessment. */
export function assessmentKey(r: AssessmentFields): string {
  const term = r.result_type === 'discipline' ? null : (r.term ?? null);
  return JSON.stringify([r.result_type, subjectKey(r.subject), term, r.exam_date]);
}

export const sameAssessment = (a: AssessmentFields, b: AssessmentFields): boolean => assessmentKey(a) === assessmentKey(b);
