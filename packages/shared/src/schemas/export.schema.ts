import { z } from 'zod';
import { EXPORT_GENDERS, EXPORT_TERMS, MAX_ID, RESULT_TYPES } from '../constants.ts';
import { ATTENDANCE_MESSAGES, monthField } from './attendance.schema.ts';
import { WHENEVER_AN_OBJECT, isoDate } from './common.schema.ts';
import { RESULT_MESSAGES, yearField } from './result.schema.ts';
import { siteFilterField } from './sites.schema.ts';

/**
 * Excel exports (spec sections 2, 5, 7, 9): the bodies of `POST /export/orphans`,
 * `/export/results` and `/export/attendance`. The Reports page's forms and the routes parse with
 * these. Empty values ('' from a cleared input, null) count as not given — the client omits
 * them (section 7), and a body that still carries one means the same as one that does not.
 * Rules that need the database (the child exists outside the trash, the site is the user's) are
 * the server's. Every export reads only the user's sites; `site_id` narrows it to one of them.
 */

export const EXPORT_KINDS = ['orphans', 'results', 'attendance'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Ages a child could have: above this, the number is a typing mistake, not a filter. */
export const EXPORT_MAX_AGE = 150;

export const EXPORT_MESSAGES = {
  genderInvalid: 'The selected gender is invalid.',
  ageInvalid: 'The age must be a whole number of at least 0.',
  ageTooLarge: `The age may not be greater than ${EXPORT_MAX_AGE}.`,
  ageRange: 'The minimum age cannot be greater than the maximum age.',
  admissionRange: 'The admission start date must be on or before the admission end date.',
  fromDateRequired: 'Start date is required',
  toDateRequired: 'End date is required',
  dateRange: 'The start date must be on or before the end date.',
  dateInvalid: 'Must be a valid date (YYYY-MM-DD).',
  termInvalid: RESULT_MESSAGES.termInvalid,
  resultTypeRequired: RESULT_MESSAGES.resultTypeRequired,
  resultTypeInvalid: RESULT_MESSAGES.resultTypeInvalid,
  orphanInvalid: 'The selected orphan is invalid.',
  /** The server's: an id of no child, or of a child in the trash. */
  orphanNotFound: 'The selected orphan does not exist.',
  monthRequired: ATTENDANCE_MESSAGES.monthRequired,
  monthInvalid: ATTENDANCE_MESSAGES.monthInvalid,
  yearRequired: RESULT_MESSAGES.yearRequired,
  yearInvalid: RESULT_MESSAGES.yearInvalid,
  /** The web's alert when an export fails without a server message (spec section 8). */
  failed: 'Failed to export data. Please try again.',
} as const;

const blank = (v: unknown): boolean => v == null || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && Number.isNaN(v));
const notGiven = (v: unknown): unknown => (blank(v) ? undefined : typeof v === 'string' ? v.trim() : v);
/** A whole number from a JSON number or a string of digits (a form input's value). */
const digits = (v: unknown): unknown => {
  const given = notGiven(v);
  return typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given;
};

const optionalDate = z.preprocess(notGiven, z.string({ error: EXPORT_MESSAGES.dateInvalid }).pipe(isoDate).optional());
const requiredDate = (required: string) => z.preprocess(notGiven, z.string({ error: (iss) => (iss.input === undefined ? required : EXPORT_MESSAGES.dateInvalid) }).pipe(isoDate));
const optionalAge = z.preprocess(
  digits,
  z.number({ error: EXPORT_MESSAGES.ageInvalid }).int(EXPORT_MESSAGES.ageInvalid).min(0, EXPORT_MESSAGES.ageInvalid).max(EXPORT_MAX_AGE, EXPORT_MESSAGES.ageTooLarge).optional(),
);
/** A child to narrow to; that it exists outside the trash is checked by the server (422 too). */
const optionalOrphanId = z.preprocess(
  digits,
  z.number({ error: EXPORT_MESSAGES.orphanInvalid }).int(EXPORT_MESSAGES.orphanInvalid).min(1, EXPORT_MESSAGES.orphanInvalid).max(MAX_ID, EXPORT_MESSAGES.orphanInvalid).optional(),
);
const optionalYear = z.preprocess((v) => (blank(v) ? undefined : v), yearField.optional());

type Issues = ReadonlyArray<{ path?: PropertyKey[] }>;
const fieldsValid = (issues: Issues, fields: readonly string[]) => !issues.some((i) => fields.includes(String(i.path?.[0])));

/**
 * Two bounds in order (numbers or ISO dates compare the same way); the message goes on the
 * upper one, where the form shows it. Checked only when both are valid.
 */
function inOrder(low: string, high: string, message: string) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    const d = value as Record<string, unknown>;
    if (!fieldsValid(ctx.issues, [low, high])) return;
    const a = d[low];
    const b = d[high];
    if (a !== undefined && b !== undefined && (a as number | string) > (b as number | string)) ctx.addIssue({ code: 'custom', message, path: [high] });
  };
}

/** `POST /export/orphans`: children outside the trash, every filter optional. */
export const orphanExportSchema = z
  .object({
    site_id: siteFilterField,
    gender: z.preprocess(notGiven, z.enum(EXPORT_GENDERS, { error: EXPORT_MESSAGES.genderInvalid }).optional()),
    age_min: optionalAge,
    age_max: optionalAge,
    admission_start: optionalDate,
    admission_end: optionalDate,
  })
  .superRefine(inOrder('age_min', 'age_max', EXPORT_MESSAGES.ageRange), WHENEVER_AN_OBJECT)
  .superRefine(inOrder('admission_start', 'admission_end', EXPORT_MESSAGES.admissionRange), WHENEVER_AN_OBJECT);
export type OrphanExportInput = z.input<typeof orphanExportSchema>;
export type OrphanExport = z.output<typeof orphanExportSchema>;

/**
 * `POST /export/results`: one result type's results with exam dates from `from_date` to
 * `to_date` (both required, section 5), optionally of one child, term and year. Discipline
 * results have no term, so a term sent with them narrows nothing and is dropped.
 */
export const resultExportSchema = z
  .object({
    result_type: z.preprocess(
      notGiven,
      z.enum(RESULT_TYPES, { error: (iss) => (iss.input === undefined ? EXPORT_MESSAGES.resultTypeRequired : EXPORT_MESSAGES.resultTypeInvalid) }),
    ),
    site_id: siteFilterField,
    orphan_id: optionalOrphanId,
    from_date: requiredDate(EXPORT_MESSAGES.fromDateRequired),
    to_date: requiredDate(EXPORT_MESSAGES.toDateRequired),
    term: z.preprocess(notGiven, z.enum(EXPORT_TERMS, { error: EXPORT_MESSAGES.termInvalid }).optional()),
    year: optionalYear,
  })
  .superRefine(inOrder('from_date', 'to_date', EXPORT_MESSAGES.dateRange), WHENEVER_AN_OBJECT)
  .transform((d) => (d.result_type === 'discipline' ? { ...d, term: undefined } : d));
export type ResultExportInput = z.input<typeof resultExportSchema>;
export type ResultExport = z.output<typeof resultExportSchema>;

/** `POST /export/attendance`: one month's records (month and year required), optionally of one child. */
export const attendanceExportSchema = z.object({
  site_id: siteFilterField,
  orphan_id: optionalOrphanId,
  month: monthField,
  year: yearField,
});
export type AttendanceExportInput = z.input<typeof attendanceExportSchema>;
export type AttendanceExport = z.output<typeof attendanceExportSchema>;

/** `<kind>-<YYYY-MM-DD>.xlsx` (spec section 9): the day the file was made, in UTC. */
export function exportFileName(kind: ExportKind, now = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.xlsx`;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
