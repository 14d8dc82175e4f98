import { RESULT_TYPE_FIELDS, type Result, type ResultType } from '@app/shared/schemas/result.schema';

/**
 * The result form's values, named after the shared schema's fields (RESULT_TYPE_FIELDS plus the
 * fields every type has). Marks are numbers (the inputs are read `valueAsNumber`: an emptied one
 * is NaN, which the schema reads as "not given"); everything else is the string a control holds.
 */
const COMMON_FIELDS = ['orphan_id', 'result_type', 'exam_date', 'year', 'assessed_by', 'comments'] as const;
export const MARK_FIELDS = ['total', 'average', 'score', 'ethics_score', 'uniform_score', 'relationship_score'] as const;

export type ResultFormField = (typeof COMMON_FIELDS)[number] | (typeof RESULT_TYPE_FIELDS)[ResultType][number];
export type MarkField = (typeof MARK_FIELDS)[number];
type TextField = Exclude<ResultFormField, MarkField>;

export type ResultFormValues = { [K in TextField]: string } & { [K in MarkField]?: number };

/** Every field a server message may land on. */
export const RESULT_FORM_FIELDS = [...new Set<ResultFormField>([...COMMON_FIELDS, ...Object.values(RESULT_TYPE_FIELDS).flat()])];

/** A new result: education (the type most entered), this year. */
export function emptyResultForm(now = new Date()): ResultFormValues {
  return {
    orphan_id: '',
    result_type: 'education',
    exam_date: '',
    year: String(now.getFullYear()),
    assessed_by: '',
    comments: '',
    subject: '',
    term: '',
    grade: '',
    course_type: '',
  };
}

/** A stored result as form values: nulls become blanks, marks stay numbers. */
export function resultToFormValues(result: Result): ResultFormValues {
  const values: ResultFormValues = {
    orphan_id: String(result.orphan_id),
    result_type: result.result_type,
    exam_date: result.exam_date.slice(0, 10),
    year: String(result.year),
    assessed_by: result.assessed_by ?? '',
    comments: result.comments ?? '',
    subject: result.subject,
    term: result.term ?? '',
    grade: result.grade,
    course_type: result.course_type ?? '',
  };
  for (const mark of MARK_FIELDS) {
    const value = result[mark];
    if (value !== null) values[mark] = value;
  }
  return values;
}

/** Is `name` one of the fields `type` keeps? (The form shows only those.) */
export function typeHasField(type: string, name: ResultFormField): boolean {
  const fields = RESULT_TYPE_FIELDS[type as ResultType] as readonly string[] | undefined;
  return fields?.includes(name) ?? false;
}
