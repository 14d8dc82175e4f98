import type { Kysely } from 'kysely';
import { can } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { ActivityView } from '@app/shared/schemas/activity.schema';
import { DASHBOARD_LIST_LIMIT, type DashboardResponse, type DashboardStat, type PendingTasks, type UpcomingEvents } from '@app/shared/schemas/dashboard.schema';
import { RECENT_ACTIVITIES_LIMIT } from '@app/shared/constants';
import { stillValid, type LocalChanges, type Reading } from '../../db/local-changes.ts';
import { databaseIdentity } from '../../db/prepared-query.ts';
import type { DB } from '../../db/schema.ts';
import { recentActivities } from '../activities/activities.service.ts';
import { VersionedCache } from '../orphans/orphans.service.ts';
import { readOverviewVersion } from './dashboard.repository.ts';
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
 * What the overview keeps per database (decision 0027's mechanism, for three tables): the
 * figures of a day at the overview version they were computed at (readOverviewVersion: any change
 * to children, attendance or results moves it on, in any process), so a request costs no
 * counting; and — where this process makes every write — the version and Recent Activity it read
 * last, reused while it has written nothing, for at most REUSE_MS (decision 0010). Elsewhere
 * (PostgreSQL, several processes) both are read on every request: two indexed reads.
 */
interface Kept {
  figures: VersionedCache<OverviewFigures>;
  version: (Reading & { value: number }) | null;
  activities: (Reading & { value: ActivityView[] }) | null;
  /**
   * Figures being computed, by day and version: requests arriving meanwhile wait for the same
   * computation (about 1.7 s at 100,000 children) instead of each starting their own.
   */
  computing: Map<string, Promise<OverviewFigures>>;
  /** Each set of permissions' answer as sent, made from these figures and this Recent Activity (see dashboardBody). */
  bodies: Map<string, { figures: OverviewFigures | null; activities: ActivityView[]; body: Buffer }>;
}
const keptByDatabase = new WeakMap<object, Kept>();

function keptFor(db: Kysely<DB>): Kept {
  const identity = databaseIdentity(db);
  let kept = keptByDatabase.get(identity);
  if (!kept) {
    // Two days' figures at most are asked for at once (around midnight).
    kept = { figures: new VersionedCache(() => 1, 2, 2), version: null, activities: null, computing: new Map(), bodies: new Map() };
    keptByDatabase.set(identity, kept);
  }
  return kept;
}

/** A reading reused while stillValid, else read afresh; the count is taken first, so a write during the read makes it stale. */
async function reused<T>(ctx: DashboardContext, slot: 'version' | 'activities', read: () => Promise<T>): Promise<T> {
  if (!ctx.changes?.complete) return read();
  const kept = keptFor(ctx.db) as unknown as Record<typeof slot, (Reading & { value: T }) | null>;
  const count = ctx.changes.all();
  const now = Date.now();
  const last = kept[slot];
  if (last && stillValid(last, count, now)) return last.value;
  const value = await read();
  kept[slot] = { value, changes: count, readAt: now };
  return value;
}

export async function overviewFiguresFor(ctx: DashboardContext, today: string): Promise<OverviewFigures> {
  // The version is read before anything else: a change made meanwhile makes what follows stale at once.
  const version = await reused(ctx, 'version', () => readOverviewVersion(ctx.db));
  const kept = keptFor(ctx.db);
  const figures = kept.figures.get(today, version);
  if (figures) return figures;
  const key = `${today}|${version}`;
  let computing = kept.computing.get(key);
  if (!computing) {
    computing = overviewFigures(ctx.db, today)
      .then((computed) => {
        kept.figures.set(today, version, computed);
        return computed;
      })
      .finally(() => kept.computing.delete(key));
    kept.computing.set(key, computing);
  }
  return computing;
}

const stat = (s: DashboardStat) => s;

/** The three answers: the overview, and the lists behind its Upcoming Events and Pending Tasks cards. */
export type DashboardKind = 'data' | 'events' | 'tasks';

/** What the user's answers are made of: Recent Activity (with view-activities) and the figures (with any list's permission). */
async function readingsFor(ctx: DashboardContext, user: AuthUser, kind: DashboardKind) {
  const activities = kind === 'data' && can(user, 'view-activities') ? await reused(ctx, 'activities', () => recentActivities(ctx.db, RECENT_ACTIVITIES_LIMIT)) : [];
  const anyList = can(user, 'view-orphans') || can(user, 'view-results') || can(user, 'view-attendance');
  const figures = anyList ? await overviewFiguresFor(ctx, localToday(ctx.now?.())) : null;
  return { activities, figures };
}

/**
 * An answer as JSON, ready to send. The answer of one kind and set of permissions is made once
 * from the figures and the Recent Activity it shows, and sent again while both are the ones it
 * was made from (the same objects: kept per version, and per reading of decision 0010). Checking
 * an answer against its schema and turning it into JSON on every request cost more than
 * everything else the request does (docs/benchmarks/2026-11-24-overview.md); dashboard.test.ts
 * checks every answer against its schema instead.
 */
export async function dashboardBody(ctx: DashboardContext, user: AuthUser, kind: DashboardKind): Promise<Buffer> {
  const { activities, figures } = await readingsFor(ctx, user, kind);
  const key = `${kind}:${['view-orphans', 'view-results', 'view-attendance', 'view-activities'].map((p) => +can(user, p)).join('')}`;
  const bodies = keptFor(ctx.db).bodies;
  const made = bodies.get(key);
  if (made && made.figures === figures && made.activities === activities) return made.body;
  const answer = kind === 'data' ? overviewOf(user, activities, figures) : { data: kind === 'events' ? eventsOf(user, figures) : tasksOf(user, figures) };
  const body = Buffer.from(JSON.stringify(answer));
  bodies.set(key, { figures, activities, body });
  return body;
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
