import type { Kysely } from 'kysely';
import { can } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { ActivityView } from '@app/shared/schemas/activity.schema';
import { DASHBOARD_LIST_LIMIT, type DashboardResponse, type DashboardStat, type PendingTasks, type UpcomingEvents } from '@app/shared/schemas/dashboard.schema';
import { RECENT_ACTIVITIES_LIMIT } from '@app/shared/constants';
import { ReusedReading, type LocalChanges } from '../../db/local-changes.ts';
import { databaseIdentity } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import { recentActivities, showActivities } from '../activities/activities.service.ts';
import type { Language } from '@app/shared/i18n/languages';
import { KeptAnswers } from '../../lib/kept-answers.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import { OVERVIEW_VERSIONS } from './dashboard.repository.ts';
import { overviewFigures, type OverviewFigures } from './overview-figures.ts';
import { localToday } from './overview-periods.ts';

export interface DashboardContext {
  db: Kysely<DB>;
  /** What this process knows of the writes to its database: lets a reading be reused (decision 0010). */
  changes?: LocalChanges;
  /** The clock (tests set the day). */
  now?: () => Date;
}

/**
 * What the overview keeps (decision 0034, the mechanism of lib/kept-answers.ts): each answer as the
 * JSON sent, and one day's figures, at the overview version (the sum of the orphans, attendances
 * and results versions: any change to those tables moves it on, in any process), so a request
 * costs no counting; and — where this process makes every write — the Recent Activity it read
 * last, reused while it has written nothing, for at most REUSE_MS (decision 0010). Elsewhere
 * (PostgreSQL, several processes) Recent Activity is read on every request.
 */
const answers = new KeptAnswers(OVERVIEW_VERSIONS, { entries: 200, bytes: 4 * 1024 * 1024 });
interface Kept {
  /** Two days' figures at most are asked for at once (around midnight); computing them takes ~1.7 s at 100,000 children, once per version. */
  figures: VersionedCache<OverviewFigures>;
  /** The Recent Activity read last, with a number naming that reading (in the answers' keys). */
  activities: ReusedReading<{ value: ActivityView[]; reading: number }>;
  readings: number;
}
const keptByDatabase = new WeakMap<object, Kept>();

function keptFor(db: Kysely<DB>): Kept {
  const identity = databaseIdentity(db);
  let kept = keptByDatabase.get(identity);
  if (!kept) {
    kept = { figures: new VersionedCache(() => 1, 2, 2), activities: new ReusedReading(), readings: 0 };
    keptByDatabase.set(identity, kept);
  }
  return kept;
}

/** Recent Activity, the reading reused where decision 0010 allows, else read afresh (a new reading number each time). */
function recentActivity(ctx: DashboardContext): Promise<{ value: ActivityView[]; reading: number }> {
  const kept = keptFor(ctx.db);
  return kept.activities.get(ctx.changes, async () => ({ value: await recentActivities(ctx.db, RECENT_ACTIVITIES_LIMIT), reading: ++kept.readings }));
}

/** The figures of `today` at `version` (read before anything else): computed once per version, requests meanwhile waiting for it. */
function figuresAt(ctx: DashboardContext, today: string, version: number): Promise<OverviewFigures> {
  return keptFor(ctx.db).figures.getOrLoad(today, version, () => overviewFigures(ctx.db, today));
}

const stat = (s: DashboardStat) => s;

/** The three answers: the overview, and the lists behind its Upcoming Events and Pending Tasks cards. */
export type DashboardKind = 'data' | 'events' | 'tasks';

/**
 * An answer as JSON, ready to send, kept (lib/kept-answers.ts) per kind, set of permissions, day
 * and Recent Activity reading, at the overview version: checking an answer against its schema and
 * turning it into JSON on every request cost more than everything else the request does
 * (docs/benchmarks/2026-11-24-overview.md); dashboard.test.ts checks every answer against its
 * schema instead.
 */
export async function dashboardBody(ctx: DashboardContext, user: AuthUser, kind: DashboardKind, language: Language = 'en'): Promise<Buffer> {
  const today = localToday(ctx.now?.());
  // Read before the answer's version: a write meanwhile is then in the version, or in a later reading.
  const activities = kind === 'data' && can(user, 'view-activities') ? await recentActivity(ctx) : null;
  const anyList = can(user, 'view-orphans') || can(user, 'view-results') || can(user, 'view-attendance');
  // What Recent Activity shows of a child's record depends on view-gallery too, and on the language.
  const permissions = ['view-orphans', 'view-results', 'view-attendance', 'view-activities', 'view-gallery'].map((p) => +can(user, p)).join('');
  return answers.json(ctx, `${kind}:${permissions}:${language}:${today}:${activities?.reading ?? '-'}`, async (version) => {
    const figures = anyList ? await figuresAt(ctx, today, version) : null;
    if (kind === 'data') return overviewOf(user, showActivities(activities?.value ?? [], { may: (p) => can(user, p), language }), figures);
    return { data: kind === 'events' ? eventsOf(user, figures) : tasksOf(user, figures) };
  });
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

/** Pending Tasks with the missing attendance (view-attendance) and poor health (view-orphans) the user may see; null with neither. */
function tasksOf(user: AuthUser, f: OverviewFigures | null): PendingTasks | null {
  const missing = can(user, 'view-attendance') ? f?.missingAttendance ?? null : null;
  const medical = can(user, 'view-orphans') ? f?.medical ?? null : null;
  if (!missing && !medical) return null;
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
