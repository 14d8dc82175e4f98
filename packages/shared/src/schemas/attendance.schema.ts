import { z } from 'zod';
import { ATTENDANCE_PAGE_SIZES, GRADES, MAX_ID, MAX_PER_PAGE } from '../constants.ts';
import { WHENEVER_AN_OBJECT, pageQuery, paged, plainText } from './common.schema.ts';
import { orphanIdField, yearField } from './result.schema.ts';
import { siteFilterField } from './sites.schema.ts';
import { daysRecorded } from '../attendance-rate.ts';

/**
 * Monthly attendance (spec sections 3, 4, 5, 7, 9): one record per child per month with four day
 * counts — present_days, absent_days, late_days, excused_days — whose sum is the month's total.
 * The attendance form, the class grid ("Take Attendance") and the `/attendances` routes all parse
 * with these schemas. Rules beyond the spec's (decided here, both sides): no month after the
 * current one, and the four counts together no more than the days of that month.
 */

export const ATTENDANCE_MESSAGES = {
  orphanRequired: 'An orphan must be selected',
  monthRequired: 'Month is required',
  monthInvalid: 'The month must be between 1 and 12.',
  countRequired: 'This field is required',
  countMin: 'Must be at least 0',
  countWhole: 'Must be a whole number',
  reasonRequired: 'Reason is required when there are absent or late days',
  futureMonth: 'Attendance cannot be recorded for a future month.',
  /** `{date}` is the child's admission date (the server checks it: the child is not in the body). */
  beforeAdmission: 'Attendance cannot be recorded for a month before the child was admitted ({date}).',
  /** `{total}`, `{days}` and `{month}` are filled in (e.g. "40", "28", "February 2025"). */
  tooManyDays: 'The days add up to {total}, more than the {days} days of {month}.',
  duplicateMonth: 'This orphan already has an attendance record for this month.',
  batchEmpty: 'Add at least one child.',
  /** `{max}` is filled in. */
  batchTooLarge: 'A batch may hold at most {max} children.',
  batchDuplicateChild: 'This child appears more than once in the batch.',
  perPageInvalid: `The per page must be a whole number from 1 to ${MAX_PER_PAGE}.`,
  gradeInvalid: 'The selected grade is invalid.',
} as const;

export const ATTENDANCE_COUNT_FIELDS = ['present_days', 'absent_days', 'late_days', 'excused_days'] as const;
export type AttendanceCountField = (typeof ATTENDANCE_COUNT_FIELDS)[number];

/** The most children one `POST /attendances/batch` records (a whole school's grade fits many times). */
export const ATTENDANCE_BATCH_MAX = 1000;
export const ATTENDANCE_DEFAULT_PAGE_SIZE = ATTENDANCE_PAGE_SIZES[0];

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Days in a month (1-12) of a year, leap years counted. */
export function daysInMonth(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Whether a month lies after the current one. "Current" is taken a day ahead of UTC so a month
 * that has already begun east of UTC (Kabul is UTC+4:30) is never refused.
 */
export function isFutureMonth(month: number, year: number, now = new Date()): boolean {
  const ahead = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  return year * 12 + (month - 1) > ahead.getUTCFullYear() * 12 + ahead.getUTCMonth();
}

/** The first day after a month, as dates are stored ('2025-04-01' for March 2025). */
export const dayAfterMonth = (month: number, year: number): string => (month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`);

/**
 * Whether a month ends before a child's admission date ('YYYY-MM-DD'): the month of admission
 * itself counts. Such a month can hold no attendance record, and the overview does not count it
 * missing (attendance-overview.repository.ts asks the same of the stored date).
 */
export function isBeforeAdmission(month: number, year: number, admissionDate: string | null | undefined): boolean {
  return !!admissionDate && admissionDate >= dayAfterMonth(month, year);
}

export const beforeAdmissionMessage = (admissionDate: string): string => ATTENDANCE_MESSAGES.beforeAdmission.replace('{date}', admissionDate);

export const tooManyDaysMessage = (total: number, month: number, year: number): string =>
  ATTENDANCE_MESSAGES.tooManyDays
    .replace('{total}', String(total))
    .replace('{days}', String(daysInMonth(month, year)))
    .replace('{month}', `${MONTH_NAMES[month - 1]} ${year}`);

const blank = (v: unknown): boolean => v == null || (typeof v === 'string' && v.trim() === '') || (typeof v === 'number' && Number.isNaN(v));
const trimmed = (v: unknown): unknown => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v);

/**
 * A day count: a whole JSON number ≥ 0. Missing, null, '' and NaN mean "not given" (required);
 * any other string is refused rather than coerced. Its upper bound is the month's (checkMonth).
 */
const dayCount = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? ATTENDANCE_MESSAGES.countRequired : ATTENDANCE_MESSAGES.countWhole) })
    .int(ATTENDANCE_MESSAGES.countWhole)
    .min(0, ATTENDANCE_MESSAGES.countMin),
);

/** A month 1-12, as a number or a string of digits (the form's select holds strings). */
export const monthField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v.trim()) : trimmed(v)),
  z
    .number({ error: (iss) => (iss.input === undefined ? ATTENDANCE_MESSAGES.monthRequired : ATTENDANCE_MESSAGES.monthInvalid) })
    .int(ATTENDANCE_MESSAGES.monthInvalid)
    .min(1, ATTENDANCE_MESSAGES.monthInvalid)
    .max(12, ATTENDANCE_MESSAGES.monthInvalid),
);

/** The counts and texts of one child's month (the form's fields and a batch row's). */
const countsShape = {
  present_days: dayCount,
  absent_days: dayCount,
  late_days: dayCount,
  excused_days: dayCount,
  absence_reasons: z.preprocess(trimmed, plainText('absence reasons', 1000).optional()),
  notes: z.preprocess(trimmed, plainText('notes', 2000).optional()),
};

type Counts = { present_days: number; absent_days: number; late_days: number; excused_days: number; absence_reasons?: string };
type Issue = { path?: PropertyKey[] };
const countsValid = (issues: ReadonlyArray<Issue>, prefix: PropertyKey[] = []) =>
  !issues.some((i) => prefix.every((p, k) => i.path?.[k] === p) && (ATTENDANCE_COUNT_FIELDS as readonly PropertyKey[]).includes(i.path?.[prefix.length] as PropertyKey));

/** The days recorded in a month: the four counts added up. */
export const totalDays = (c: Pick<Counts, AttendanceCountField>): number => daysRecorded(c);

/**
 * The rules of one child's month that need more than one field, as issues at `prefix` + field:
 * a reason when absent or late days are above 0; the days no more than the month holds (checked
 * once month and year are valid).
 */
function checkMonth(c: Counts, month: number | undefined, year: number | undefined, ctx: z.RefinementCtx, prefix: PropertyKey[] = []) {
  if ((c.absent_days > 0 || c.late_days > 0) && !c.absence_reasons) {
    ctx.addIssue({ code: 'custom', message: ATTENDANCE_MESSAGES.reasonRequired, path: [...prefix, 'absence_reasons'] });
  }
  if (month !== undefined && year !== undefined && totalDays(c) > daysInMonth(month, year)) {
    ctx.addIssue({ code: 'custom', message: tooManyDaysMessage(totalDays(c), month, year), path: [...prefix, 'present_days'] });
  }
}

const monthAndYear = {
  month: monthField,
  year: yearField,
};

function checkNotFuture(d: { month?: number; year?: number }, ctx: z.RefinementCtx) {
  if (d.month !== undefined && d.year !== undefined && isFutureMonth(d.month, d.year)) {
    ctx.addIssue({ code: 'custom', message: ATTENDANCE_MESSAGES.futureMonth, path: ['month'] });
  }
}


/** The attendance form and the create/update body. */
export const attendanceSchema = z
  .object({
    orphan_id: orphanIdField(ATTENDANCE_MESSAGES.orphanRequired),
    ...monthAndYear,
    ...countsShape,
    /** On update only: the record's `updated_at` as it was read; if it changed since, 409. */
    updated_at: z.string().max(40).optional(),
  })
  .superRefine((value, ctx) => {
    const d = value as Partial<Counts> & { month?: unknown; year?: unknown };
    const monthOk = !ctx.issues.some((i) => i.path?.[0] === 'month' || i.path?.[0] === 'year');
    const month = monthOk && typeof d.month === 'number' ? d.month : undefined;
    const year = monthOk && typeof d.year === 'number' ? d.year : undefined;
    if (month !== undefined && year !== undefined) checkNotFuture({ month, year }, ctx);
    if (countsValid(ctx.issues)) checkMonth(d as Counts, month, year, ctx);
  }, WHENEVER_AN_OBJECT);
export type AttendanceInput = z.input<typeof attendanceSchema>;
export type AttendanceData = z.output<typeof attendanceSchema>;

/** One child's row of a batch. */
export const attendanceBatchRowSchema = z.object({
  orphan_id: orphanIdField(ATTENDANCE_MESSAGES.orphanRequired),
  ...countsShape,
});
export type AttendanceBatchRowInput = z.input<typeof attendanceBatchRowSchema>;

/**
 * `POST /attendances/batch`: one month for many children ("Take Attendance"), stored in ONE
 * transaction — all or nothing. A child who already has a record for that month has it updated
 * (the grid is prefilled with existing records), any other child gets a new one. Errors name
 * their row: `rows.{i}.{field}` (the server also puts the child's name in the message).
 */
export const attendanceBatchSchema = z
  .object({
    ...monthAndYear,
    rows: z
      .array(attendanceBatchRowSchema, { error: ATTENDANCE_MESSAGES.batchEmpty })
      .min(1, ATTENDANCE_MESSAGES.batchEmpty)
      .max(ATTENDANCE_BATCH_MAX, ATTENDANCE_MESSAGES.batchTooLarge.replace('{max}', String(ATTENDANCE_BATCH_MAX))),
  })
  .superRefine((value, ctx) => {
    const d = value as { month?: unknown; year?: unknown; rows?: unknown };
    const monthOk = !ctx.issues.some((i) => i.path?.[0] === 'month' || i.path?.[0] === 'year');
    const month = monthOk && typeof d.month === 'number' ? d.month : undefined;
    const year = monthOk && typeof d.year === 'number' ? d.year : undefined;
    if (month !== undefined && year !== undefined) checkNotFuture({ month, year }, ctx);
    if (!Array.isArray(d.rows) || ctx.issues.some((i) => i.path?.[0] === 'rows' && i.path.length === 1)) return;
    const seen = new Set<number>();
    d.rows.forEach((row: Partial<Counts> & { orphan_id?: unknown }, i) => {
      if (typeof row.orphan_id === 'number') {
        if (seen.has(row.orphan_id)) ctx.addIssue({ code: 'custom', message: ATTENDANCE_MESSAGES.batchDuplicateChild, path: ['rows', i, 'orphan_id'] });
        seen.add(row.orphan_id);
      }
      if (countsValid(ctx.issues, ['rows', i])) checkMonth(row as Counts, month, year, ctx, ['rows', i]);
    });
  }, WHENEVER_AN_OBJECT);
export type AttendanceBatchInput = z.input<typeof attendanceBatchSchema>;
export type AttendanceBatch = z.output<typeof attendanceBatchSchema>;

/** `GET /attendances` query. `class_grade` narrows to one grade's children (the class screen). */
export const attendanceListQuerySchema = z.object({
  /** Only the records of this site's children (one the user holds: else 422). */
  site_id: siteFilterField,
  orphan_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : trimmed(v)),
    z.number({ error: 'The orphan id must be a whole number.' }).int().min(1).max(MAX_ID).optional(),
  ),
  month: z.preprocess((v) => (blank(v) ? undefined : v), monthField.optional()),
  year: z.preprocess((v) => (blank(v) ? undefined : v), yearField.optional()),
  class_grade: z.preprocess((v) => (typeof v === 'number' ? String(v) : trimmed(v)), z.enum(GRADES, { error: ATTENDANCE_MESSAGES.gradeInvalid }).optional()),
  page: pageQuery,
  per_page: z.coerce
    .number({ error: ATTENDANCE_MESSAGES.perPageInvalid })
    .int(ATTENDANCE_MESSAGES.perPageInvalid)
    .min(1, ATTENDANCE_MESSAGES.perPageInvalid)
    .max(MAX_PER_PAGE, ATTENDANCE_MESSAGES.perPageInvalid)
    .default(ATTENDANCE_DEFAULT_PAGE_SIZE),
});
export type AttendanceListQueryInput = z.input<typeof attendanceListQuerySchema>;
export type AttendanceListQuery = z.output<typeof attendanceListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers.

const nullableText = z.string().nullable();

export const attendanceAnswerSchema = z.object({
  id: z.number().int(),
  orphan_id: z.number().int(),
  /** The child's names, from the child (read-only). */
  first_name: z.string(),
  last_name: z.string(),
  /** Absent when the user may not view the family class (need to know). */
  father_name: nullableText.optional(),
  class_grade: z.enum(GRADES).nullable(),
  month: z.number().int(),
  year: z.number().int(),
  present_days: z.number().int(),
  absent_days: z.number().int(),
  late_days: z.number().int(),
  excused_days: z.number().int(),
  /** The sum of the four counts. */
  total_days: z.number().int(),
  absence_reasons: nullableText,
  notes: nullableText,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Attendance = z.infer<typeof attendanceAnswerSchema>;

export const attendanceResponseSchema = z.object({ data: attendanceAnswerSchema });
export type AttendanceResponse = z.infer<typeof attendanceResponseSchema>;
export const attendanceSavedResponseSchema = z.object({ message: z.string(), data: attendanceAnswerSchema });
export type AttendanceSavedResponse = z.infer<typeof attendanceSavedResponseSchema>;

/** `GET /attendances`: newest month first, then by the child's last and first name. */
export const attendancePageSchema = paged(attendanceAnswerSchema);
export type AttendancePage = z.infer<typeof attendancePageSchema>;

/**
 * `POST /attendances/batch` answer (200): how many records were created and how many updated,
 * and every row's record as stored now, in the order of the request's rows. On any bad row the
 * answer is a 422 and nothing is stored: `errors["rows.{i}.{field}"]`, each message starting with
 * the child's name ("Amina Rahimi: Must be at least 0").
 */
export const attendanceBatchResponseSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  data: z.array(attendanceAnswerSchema),
});
export type AttendanceBatchResponse = z.infer<typeof attendanceBatchResponseSchema>;

/** The counts of a month or a year, with the attendance rate. */
const countsSummary = z.object({
  present_days: z.number().int(),
  absent_days: z.number().int(),
  late_days: z.number().int(),
  excused_days: z.number().int(),
  total_days: z.number().int(),
  /**
   * Days attended (present + late) as a percentage of the days recorded, rounded to one decimal;
   * null when no days were recorded.
   */
  attendance_rate: z.number().nullable(),
});
export type AttendanceCounts = z.infer<typeof countsSummary>;

/**
 * `GET /orphans/{id}/attendance-summary`: per month (newest first) the four counts and the rate,
 * and per year (newest first) the totals of its recorded months.
 */
export const attendanceSummaryResponseSchema = z.object({
  data: z.object({
    orphan: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), father_name: nullableText.optional() }),
    months: z.array(countsSummary.extend({ year: z.number().int(), month: z.number().int() })),
    years: z.array(countsSummary.extend({ year: z.number().int(), months_recorded: z.number().int() })),
  }),
});
export type AttendanceSummaryResponse = z.infer<typeof attendanceSummaryResponseSchema>;

/** The attendance rate (present + late over days recorded) is defined once, in attendance-rate.ts. */
export { attendanceRate } from '../attendance-rate.ts';

export const ATTENDANCE_RESPONSE_MESSAGES = {
  created: 'Attendance recorded successfully',
  updated: 'Attendance updated successfully',
  deleted: 'Attendance record deleted successfully',
  /** `{count}` is filled in. */
  batchSaved: 'Attendance saved for {count} children',
  notFound: 'Attendance record not found',
  orphanNotFound: 'The selected orphan does not exist.',
  locked: 'The orphan, month and year of an attendance record cannot be changed.',
  changedMeanwhile: 'Someone else saved this attendance record after you opened it. Reload the page to see their changes, then make yours again.',
} as const;
