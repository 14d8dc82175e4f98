import type { Kysely } from 'kysely';
import { can } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { ActivityView } from '@app/shared/schemas/activity.schema';
import { DASHBOARD_LIST_LIMIT, type DashboardResponse, type DashboardStat, type PendingTasks, type UpcomingEvents } from '@app/shared/schemas/dashboard.schema';
import { RECENT_ACTIVITIES_LIMIT } from '@app/shared/constants';
import type { DB } from '../../db/schema.ts';
import { recentActivities, showActivities } from '../activities/activities.service.ts';
import { viewableClasses } from '../orphans/orphans.service.ts';
import type { Language } from '@app/shared/i18n/languages';
import { overviewFigures, type OverviewFigures } from './overview-figures.ts';
import type { SiteScope } from '../sites/sites.service.ts';
import { localToday } from './overview-periods.ts';

export interface DashboardContext {
  db: Kysely<DB>;
  /** The sites whose children the figures count. */
  scope: SiteScope;
  /** The clock (tests set the day). */
  now?: () => Date;
}

const stat = (s: DashboardStat) => s;

/** The three answers: the overview, and the lists behind its Upcoming Events and Pending Tasks cards. */
export type DashboardKind = 'data' | 'events' | 'tasks';

/** An answer of the overview's three, with the parts `user` may see (each follows its own permission), in `language`. */
export async function dashboardAnswer(ctx: DashboardContext, user: AuthUser, kind: DashboardKind, language: Language = 'en'): Promise<DashboardResponse | { data: UpcomingEvents | PendingTasks | null }> {
  const today = localToday(ctx.now?.());
  const anyList = can(user, 'view-orphans') || can(user, 'view-results') || can(user, 'view-attendance');
  const figures = anyList ? await overviewFigures(ctx.db, ctx.scope, today, { lists: kind !== 'data' }) : null;
  if (kind === 'data') {
    const activities = can(user, 'view-activities') ? await recentActivities(ctx.db, ctx.scope, RECENT_ACTIVITIES_LIMIT) : [];
    return overviewOf(user, showActivities(activities, { may: (p) => can(user, p), language }), figures);
  }
  return { data: kind === 'events' ? eventsOf(user, figures) : tasksOf(user, figures) };
}

/** Upcoming Events with the birthdays (view-orphans) and exams (view-results) the user may see; null with neither. */
function eventsOf(user: AuthUser, f: OverviewFigures | null): UpcomingEvents | null {
  const birthdays = can(user, 'view-orphans') ? f?.birthdays : null;
  const exams = can(user, 'view-results') ? f?.exams : null;
  if (!f || (!birthdays && !exams)) return null;
  const items = [...(birthdays?.items ?? []), ...(exams?.items ?? [])]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.type.localeCompare(b.type) || a.name.localeCompare(b.name)))
    .slice(0, DASHBOARD_LIST_LIMIT);
  return { ...f.upcoming, total: (birthdays?.total ?? 0) + (exams?.total ?? 0), birthdays: birthdays?.total ?? null, exams: exams?.total ?? null, items };
}

/** Pending Tasks with the missing attendance (view-attendance) and poor health (view-orphans and the medical class: who is ill is medical) the user may see; null with neither. */
function tasksOf(user: AuthUser, f: OverviewFigures | null): PendingTasks | null {
  const missing = can(user, 'view-attendance') ? f?.missingAttendance ?? null : null;
  const medical = can(user, 'view-orphans') && viewableClasses(user).has('medical') ? f?.medical ?? null : null;
  // A holder of view-orphans without the medical class has the card, with nothing of health in it.
  if (!missing && !medical && !(f && can(user, 'view-orphans'))) return null;
  return { total: (missing?.total ?? 0) + (medical?.total ?? 0), missing_attendance: missing, medical };
}

/**
 * The answer of GET /dashboard/data: the cards and charts the user may act on — a part is shown
 * only with the permission of the list behind it (the orphan list for children, the attendance
 * list for missing months, the results list for exams and grade bands) — and Recent Activity
 * with view-activities. Cards stay in the spec's order; a card made of two parts counts the parts
 * the user may see. The lists behind Upcoming Events and Pending Tasks are their own answers
 * (eventsOf, tasksOf), fetched when a card is opened: they were most of this answer's bytes.
 */
function overviewOf(user: AuthUser, activities: ActivityView[], f: OverviewFigures | null): DashboardResponse {
  const orphans = can(user, 'view-orphans');
  const results = can(user, 'view-results');
  const attendance = can(user, 'view-attendance');
  const answer: DashboardResponse = { stats: [], activities, charts: { attendance_rate: null, grade_bands: null, admissions: null } };
  if (!f) return answer;
  if (orphans) {
    answer.total_orphans = f.totalOrphans;
    answer.new_admissions = f.newAdmissions;
    answer.stats.push(
      stat({ key: 'total_orphans', label: 'Total Orphans', value: f.totalOrphans.in_care, icon: 'users', color: 'blue', href: '/dashboard/orphans' }),
      stat({
        key: 'new_admissions',
        label: 'New Admissions',
        value: f.newAdmissions.count,
        icon: 'user-plus',
        color: 'green',
        href: `/dashboard/orphans?admission_from=${f.newAdmissions.from}&admission_to=${f.newAdmissions.to}&sort=-admission_date`,
      }),
    );
  }
  const events = eventsOf(user, f);
  if (events) {
    const { items: _items, ...counts } = events;
    answer.upcoming_events = counts;
    answer.stats.push(stat({ key: 'upcoming_events', label: 'Upcoming Events', value: events.total, icon: 'calendar', color: 'purple', href: null }));
  }
  const tasks = tasksOf(user, f);
  if (tasks) {
    answer.pending_tasks = {
      total: tasks.total,
      missing_attendance: tasks.missing_attendance && { year: tasks.missing_attendance.year, month: tasks.missing_attendance.month, total: tasks.missing_attendance.total },
      medical: tasks.medical && { total: tasks.medical.total },
    };
    answer.stats.push(stat({ key: 'pending_tasks', label: 'Pending Tasks', value: tasks.total, icon: 'clipboard-list', color: 'amber', href: null }));
  }
  answer.charts = {
    attendance_rate: attendance ? f.charts.attendance_rate : null,
    grade_bands: results ? f.charts.grade_bands : null,
    admissions: orphans ? f.charts.admissions : null,
  };
  return answer;
}
