import { z } from 'zod';
import { activitySchema } from './activity.schema.ts';
import { siteFilterField } from './sites.schema.ts';

/** How far ahead Upcoming Events looks: today and the next 30 days. */
export const UPCOMING_EVENT_DAYS = 30;
/** The most children or events the overview lists under a card (the figure counts them all). */
export const DASHBOARD_LIST_LIMIT = 20;
/** The medical conditions that make a child a pending task, the gravest first (spec section 3's options). */
export const NEEDS_CARE_CONDITIONS = ['Critical', 'Needs Attention'] as const;
/** How many months each monthly chart shows. */
export const CHART_MONTHS = 12;

/** The four cards of spec section 2, by a key that does not change with the language. */
export const DASHBOARD_CARDS = ['total_orphans', 'new_admissions', 'upcoming_events', 'pending_tasks'] as const;
export type DashboardCard = (typeof DASHBOARD_CARDS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A stat card of the overview (spec section 3: label, value, icon, color), with its `key` and the
 * dashboard path of the list behind its figure (`href`; null where the card opens its own list).
 * Each is shown only to users holding the permission of the list it counts.
 */
export const dashboardStatSchema = z.object({
  label: z.string(),
  value: z.number(),
  icon: z.string(),
  color: z.string(),
  key: z.enum(DASHBOARD_CARDS),
  href: z.string().nullable(),
});
export type DashboardStat = z.infer<typeof dashboardStatSchema>;

/** A child named under a card, linked to their page. */
const childSchema = z.object({
  orphan_id: z.number().int(),
  name: z.string(),
  class_grade: z.string().nullable(),
});
export type DashboardChild = z.infer<typeof childSchema>;

/** A birthday (the age the child turns) or an exam (a result whose exam date is to come). */
export const upcomingEventSchema = childSchema.extend({
  type: z.enum(['birthday', 'exam']),
  date: day,
  /** Birthdays: the age the child turns that day. */
  turns: z.number().int().nullable(),
  /** Exams: the subject and the result's id. */
  subject: z.string().nullable(),
  result_id: z.number().int().nullable(),
});
export type UpcomingEvent = z.infer<typeof upcomingEventSchema>;

const monthPoint = { year: z.number().int(), month: z.number().int().min(1).max(12) };

/**
 * Upcoming Events within [from, to]: `birthdays` and `exams` count each kind (null: not the
 * user's to see). The overview's answer carries the counts; GET /dashboard/events the list too.
 */
const upcomingCounts = z.object({ from: day, to: day, total: z.number().int(), birthdays: z.number().int().nullable(), exams: z.number().int().nullable() });
/** The events themselves, soonest first: at most DASHBOARD_LIST_LIMIT. */
export const upcomingEventsSchema = upcomingCounts.extend({ items: z.array(upcomingEventSchema) });
export type UpcomingEvents = z.infer<typeof upcomingEventsSchema>;
export const upcomingEventsResponseSchema = z.object({ data: upcomingEventsSchema });
export type UpcomingEventsResponse = z.infer<typeof upcomingEventsResponseSchema>;

/**
 * Pending Tasks: children in care without last month's attendance record, and children whose
 * condition is in NEEDS_CARE_CONDITIONS (null: not the user's to see). The overview's answer
 * carries the counts; GET /dashboard/tasks also lists at most DASHBOARD_LIST_LIMIT children of each.
 */
const missingCounts = z.object({ ...monthPoint, total: z.number().int() });
const medicalCounts = z.object({ total: z.number().int() });
const pendingCounts = z.object({ total: z.number().int(), missing_attendance: missingCounts.nullable(), medical: medicalCounts.nullable() });
export const pendingTasksSchema = z.object({
  total: z.number().int(),
  missing_attendance: missingCounts.extend({ items: z.array(childSchema) }).nullable(),
  medical: medicalCounts.extend({ items: z.array(childSchema.extend({ medical_condition: z.string() })) }).nullable(),
});
export type PendingTasks = z.infer<typeof pendingTasksSchema>;
export const pendingTasksResponseSchema = z.object({ data: pendingTasksSchema });
export type PendingTasksResponse = z.infer<typeof pendingTasksResponseSchema>;

export const dashboardResponseSchema = z.object({
  stats: z.array(dashboardStatSchema),
  activities: z.array(activitySchema),
  /** Total Orphans: children in care (status active), and every child outside the trash (the orphan list's total). */
  total_orphans: z.object({ in_care: z.number().int(), on_record: z.number().int() }).optional(),
  /** New Admissions: children admitted within this month, [from, to]. */
  new_admissions: z.object({ from: day, to: day, count: z.number().int() }).optional(),
  upcoming_events: upcomingCounts.optional(),
  pending_tasks: pendingCounts.optional(),
  /** The charts, oldest month first; null: not the user's to see. */
  charts: z.object({
    /** The twelve months up to last month: present and late days over all days recorded (null: nothing recorded). */
    attendance_rate: z.array(z.object({ ...monthPoint, rate: z.number().nullable(), days: z.number().int() })).nullable(),
    /** Results with an exam date in the twelve months up to today, per grade band (A+ to F). */
    grade_bands: z.array(z.object({ grade: z.string(), count: z.number().int() })).nullable(),
    /** Children admitted per month, the twelve months up to this one. */
    admissions: z.array(z.object({ ...monthPoint, count: z.number().int() })).nullable(),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** The overview's query: `site_id` narrows it to one of the user's sites (else 422); without it, all of them. */
export const dashboardQuerySchema = z.object({
  site_id: siteFilterField,
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
