import { z } from 'zod';
import type { Permission } from '../permissions.ts';
import { MAX_ID, MAX_PER_PAGE, RECENT_ACTIVITIES_LIMIT } from '../constants.ts';
import { pageQuery, paged } from './common.schema.ts';
import { optionalDate, optionalEnum } from './orphan.schema.ts';

/** Spec section 3: the activity types the overview and the log know. */
export const ACTIVITY_TYPES = ['orphan', 'document', 'event', 'attendance', 'user', 'other'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * The kinds of record an entry is about (`subject_type`), the log's "record" filter, each with
 * the screens' namespace that names it (`<namespace>:activitySubjects.<kind>`) and, for a child's
 * record, the permission without which its entries name no child. Every `logActivity` names one
 * of these (the server's ActivityEntry is typed with it), so the filter offers every kind the log
 * can hold and refuses any other.
 */
export const ACTIVITY_SUBJECTS = {
  orphan: { namespace: 'orphans', childRecord: 'view-orphans' },
  result: { namespace: 'results', childRecord: 'view-results' },
  attendance: { namespace: 'attendance', childRecord: 'view-attendance' },
  media: { namespace: 'gallery', childRecord: 'view-gallery' },
  user: { namespace: 'admin' },
  role: { namespace: 'admin' },
  page: { namespace: 'admin' },
  contact: { namespace: 'admin' },
  settings: { namespace: 'admin' },
  export: { namespace: 'reports' },
  site: { namespace: 'sites' },
  import: { namespace: 'imports' },
} as const satisfies Record<string, { namespace: string; childRecord?: Permission }>;
export type ActivitySubjectType = keyof typeof ACTIVITY_SUBJECTS;
export const ACTIVITY_SUBJECT_TYPES = Object.keys(ACTIVITY_SUBJECTS) as [ActivitySubjectType, ...ActivitySubjectType[]];

/** The permission that shows what entries of `kind` say about a child, when `kind` is a child's record. */
export function childRecordPermission(kind: string): Permission | undefined {
  const subject = (ACTIVITY_SUBJECTS as Record<string, { childRecord?: Permission }>)[kind];
  return subject?.childRecord;
}

/** The page sizes the log offers (and the only ones its call accepts). */
export const ACTIVITY_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ACTIVITY_DEFAULT_PAGE_SIZE = 25;
/** The most entries `GET /activities/recent` answers at once (the largest page of any list). */
export const RECENT_ACTIVITIES_MAX = MAX_PER_PAGE;

/** What an entry shows instead of a child's name: to a reader who may not see it, and after a purge. */
export const ACTIVITY_TEXT = {
  hiddenRecord: "A child's record",
  removedChild: 'a removed child',
} as const;

export const ACTIVITY_MESSAGES = {
  limitInvalid: `The limit must be a whole number from 1 to ${RECENT_ACTIVITIES_MAX}.`,
  typeInvalid: `The selected type is invalid. It must be one of: ${ACTIVITY_TYPES.join(', ')}.`,
  subjectTypeInvalid: `The selected record type is invalid. It must be one of: ${ACTIVITY_SUBJECT_TYPES.join(', ')}.`,
  subjectTypeRequired: 'Choose the record type of the record id.',
  userInvalid: `The user id must be a whole number from 1 to ${MAX_ID}.`,
  subjectIdInvalid: `The record id must be a whole number from 1 to ${MAX_ID}.`,
  perPageInvalid: `The per page must be one of: ${ACTIVITY_PAGE_SIZES.join(', ')}.`,
  dateRangeInvalid: 'The to date must be on or after the from date.',
} as const;

/**
 * The month an entry is about (an attendance month), kept in the Gregorian calendar as data: each
 * screen writes it in its reader's language and calendar.
 */
export const activityPeriodSchema = z.object({ month: z.number().int(), year: z.number().int() });
export type ActivityPeriod = z.infer<typeof activityPeriodSchema>;

/** What an attendance entry says besides its record's name: its month, and how many children a class's month covered. */
const entryMonthFields = {
  period: activityPeriodSchema.nullable(),
  child_count: z.number().int().nullable(),
};

/** One line of Recent Activity: who did what to which record, and when. */
export const activitySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  /** What a person reads, e.g. the child's full name. */
  name: z.string(),
  action: z.string(),
  time: z.string(),
  subject_type: z.string(),
  subject_id: z.number().int().nullable(),
  user: z.object({ name: z.string() }).nullable(),
  ...entryMonthFields,
});
export type ActivityView = z.infer<typeof activitySchema>;

export const recentActivitiesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: ACTIVITY_MESSAGES.limitInvalid })
    .int(ACTIVITY_MESSAGES.limitInvalid)
    .min(1, ACTIVITY_MESSAGES.limitInvalid)
    .max(RECENT_ACTIVITIES_MAX, ACTIVITY_MESSAGES.limitInvalid)
    .default(RECENT_ACTIVITIES_LIMIT),
});

/** GET /activities/recent. */
export const recentActivitiesResponseSchema = z.object({ data: z.array(activitySchema) });
export type RecentActivitiesResponse = z.infer<typeof recentActivitiesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The whole log (GET /activities): an administrator's screen.

/** A positive id from a query string, or nothing when blank. */
export const optionalId = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((v) => (v == null || String(v).trim() === '' ? undefined : String(v).trim()))
    .pipe(
      z
        .string()
        .regex(/^\d{1,10}$/, message)
        .transform(Number)
        .pipe(z.number().int().min(1, message).max(MAX_ID, message))
        .optional(),
    );

export const activityListQuerySchema = z
  .object({
    page: pageQuery,
    per_page: z
      .union([z.string(), z.number()], { error: ACTIVITY_MESSAGES.perPageInvalid })
      .optional()
      .transform((v) => (v == null || String(v).trim() === '' ? ACTIVITY_DEFAULT_PAGE_SIZE : Number(String(v).trim())))
      .refine((n) => (ACTIVITY_PAGE_SIZES as readonly number[]).includes(n), ACTIVITY_MESSAGES.perPageInvalid),
    user_id: optionalId(ACTIVITY_MESSAGES.userInvalid),
    type: optionalEnum(ACTIVITY_TYPES, ACTIVITY_MESSAGES.typeInvalid),
    subject_type: optionalEnum(ACTIVITY_SUBJECT_TYPES, ACTIVITY_MESSAGES.subjectTypeInvalid),
    subject_id: optionalId(ACTIVITY_MESSAGES.subjectIdInvalid),
    /** Inclusive days (UTC, as the entries' times are stored). */
    date_from: optionalDate('from date'),
    date_to: optionalDate('to date'),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: ACTIVITY_MESSAGES.dateRangeInvalid, path: ['date_to'] })
  // A record is its kind and its id: an id alone could be a child's, a user's or a page's.
  .refine((q) => q.subject_id === undefined || q.subject_type !== undefined, { message: ACTIVITY_MESSAGES.subjectTypeRequired, path: ['subject_type'] });
export type ActivityListQueryInput = z.input<typeof activityListQuerySchema>;
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

/** One entry of the log: who, what, which record (its name then), when, and where it lives now. */
export const activityLogItemSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.number().int().nullable(),
  /** The record's name when the entry was written (kept when the record is gone). */
  name: z.string(),
  /** Who did it; null for the public (a contact message) or a user deleted since. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  /** The dashboard path of the record, only while it exists outside the trash. */
  link: z.string().nullable(),
  ...entryMonthFields,
});
export type ActivityLogItem = z.infer<typeof activityLogItemSchema>;

/** GET /activities: newest first. */
export const activityListResponseSchema = paged(activityLogItemSchema);
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

/** GET /activities/users: the people the log can be filtered by. */
export const activityUsersResponseSchema = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type ActivityUsersResponse = z.infer<typeof activityUsersResponseSchema>;
