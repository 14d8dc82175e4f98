import type { Kysely } from 'kysely';
import { attendanceRate } from '@app/shared/schemas/attendance.schema';
import { DASHBOARD_LIST_LIMIT, NEEDS_CARE_CONDITIONS, type DashboardResponse, type PendingTasks, type UpcomingEvent, type UpcomingEvents } from '@app/shared/schemas/dashboard.schema';
import { GRADE_LETTERS } from '@app/shared/grade-bands';
import type { DB } from '../../db/schema.ts';
import { attendanceOverview } from '../attendance/attendance.service.ts';
import { orphansOverview, type SiteScope } from '../orphans/orphans.service.ts';
import { resultsOverview } from '../results/results.service.ts';
import { birthdayDate, overviewPeriods } from './overview-periods.ts';
import * as summary from './overview-summary.repository.ts';
import type { Sites } from './overview-summary.repository.ts';

type Charts = DashboardResponse['charts'];
type Pending = PendingTasks;
type Events = UpcomingEvents;

/**
 * Every figure, list and series of the overview for one day, whoever asks: the service gives
 * each user the parts their permissions allow. The counts and sums over every child's records
 * come from the overview's summary (overview-summary.repository.ts); the rest from indexes
 * (dashboard-plans.test.ts). The lists behind the Upcoming Events and Pending Tasks cards are
 * read only when asked for (`lists`): the overview itself shows their counts.
 */
export interface OverviewFigures {
  totalOrphans: NonNullable<DashboardResponse['total_orphans']>;
  newAdmissions: NonNullable<DashboardResponse['new_admissions']>;
  birthdays: { total: number; items: UpcomingEvent[] };
  exams: { total: number; items: UpcomingEvent[] };
  upcoming: Pick<Events, 'from' | 'to'>;
  missingAttendance: NonNullable<Pending['missing_attendance']>;
  medical: NonNullable<Pending['medical']>;
  charts: { [K in keyof Charts]: NonNullable<Charts[K]> };
}

const nameOf = (c: { first_name: string; last_name: string }) => `${c.first_name} ${c.last_name}`;
const NO_MONTH = { present_days: 0, absent_days: 0, late_days: 0, excused_days: 0, in_care_records: 0 };

export async function overviewFigures(db: Kysely<DB>, scope: SiteScope, today: string, { lists = false } = {}): Promise<OverviewFigures> {
  // The summary is kept per site; the same scope every other read applies.
  const sites: Sites = 'all' in scope ? null : scope.ids;
  const p = overviewPeriods(today);
  const limit = DASHBOARD_LIST_LIMIT;
  // One statement after another: on SQLite they share one connection anyway, and on PostgreSQL
  // this keeps an overview from holding a dozen pool connections at once.
  const children = await summary.childCounts(db, sites);
  const admitted = await orphansOverview.countAdmitted(db, scope, p.thisMonth.from, p.thisMonth.to);
  const months = await summary.months(db, p.attendanceMonths[0]!, p.lastMonth, sites);
  const grades = await summary.resultDays(db, p.chartFrom, p.today, sites);
  const upcomingResults = await summary.resultDays(db, p.upcoming.from, p.upcoming.to, sites);
  const byMonth = await orphansOverview.admissionsByMonth(db, scope, p.chartFrom, p.thisMonth.to);

  let birthdayTotal = 0;
  for (const range of p.birthdayRanges) birthdayTotal += await orphansOverview.countBirthdays(db, scope, range);
  const examTotal = [...upcomingResults.values()].reduce((sum, r) => sum + r.in_care_results, 0);
  // Of the children in care without last month's record, those admitted since are not missing it (isBeforeAdmission).
  const notYetAdmitted = await attendanceOverview.countUnrecordedAdmittedAfter(db, scope, p.lastMonth.year, p.lastMonth.month);
  const missingTotal = children.in_care - (months.get(`${p.lastMonth.year}-${p.lastMonth.month}`) ?? NO_MONTH).in_care_records - notYetAdmitted;
  const needsCare = await orphansOverview.childrenWithConditions(db, scope, NEEDS_CARE_CONDITIONS, limit);
  const medicalTotal = needsCare.total;

  const birthdays = lists && birthdayTotal ? await orphansOverview.birthdaysWithin(db, scope, p.birthdayRanges, limit) : [];
  const exams = lists && examTotal ? await resultsOverview.examsWithin(db, scope, p.upcoming.from, p.upcoming.to, limit) : [];
  const missing = lists && missingTotal ? await attendanceOverview.childrenMissingMonth(db, scope, p.lastMonth.year, p.lastMonth.month, limit) : [];
  const medical = lists ? needsCare.children : [];

  const attendance: Charts['attendance_rate'] & object = p.attendanceMonths.map((m) => {
    const t = months.get(`${m.year}-${m.month}`) ?? NO_MONTH;
    return { ...m, rate: attendanceRate(t), days: t.present_days + t.absent_days + t.late_days + t.excused_days };
  });

  return {
    totalOrphans: children,
    newAdmissions: { ...p.thisMonth, count: admitted },
    upcoming: p.upcoming,
    birthdays: {
      total: birthdayTotal,
      items: birthdays.map((c) => {
        const date = birthdayDate(c.birthday, p);
        return { type: 'birthday', date, orphan_id: c.id, name: nameOf(c), class_grade: c.class_grade, turns: Number(date.slice(0, 4)) - Number(c.dob.slice(0, 4)), subject: null, result_id: null };
      }),
    },
    exams: {
      total: examTotal,
      items: exams.map((e) => ({ type: 'exam', date: e.exam_date, orphan_id: e.orphan_id, name: nameOf(e), class_grade: e.class_grade, turns: null, subject: e.subject, result_id: e.id })),
    },
    missingAttendance: {
      ...p.lastMonth,
      total: missingTotal,
      items: missing.map((c) => ({ orphan_id: c.id, name: nameOf(c), class_grade: c.class_grade })),
    },
    medical: {
      total: medicalTotal,
      items: medical.map((c) => ({ orphan_id: c.id, name: nameOf(c), class_grade: c.class_grade, medical_condition: c.medical_condition })),
    },
    charts: {
      attendance_rate: attendance,
      // Every band, A+ to F, even when empty: a chart's bars keep their places.
      grade_bands: GRADE_LETTERS.map((grade) => ({ grade, count: grades.get(grade)?.results ?? 0 })),
      admissions: p.admissionMonths.map((m) => ({ ...m, count: byMonth.get(`${m.year}-${String(m.month).padStart(2, '0')}`) ?? 0 })),
    },
  };
}
