import type { Kysely } from 'kysely';
import { attendanceRate } from '@app/shared/schemas/attendance.schema';
import { DASHBOARD_LIST_LIMIT, NEEDS_CARE_CONDITIONS, type DashboardResponse, type PendingTasks, type UpcomingEvent, type UpcomingEvents } from '@app/shared/schemas/dashboard.schema';
import { GRADE_LETTERS } from '@app/shared/grade-bands';
import type { DB } from '../../db/schema.ts';
import { attendanceOverview } from '../attendance/attendance.service.ts';
import { orphansOverview, totalOrphans } from '../orphans/orphans.service.ts';
import { resultsOverview } from '../results/results.service.ts';
import { birthdayDate, overviewPeriods } from './overview-periods.ts';

type Charts = DashboardResponse['charts'];
type Pending = PendingTasks;
type Events = UpcomingEvents;

/**
 * Every figure, list and series of the overview for one day, whoever asks: the service gives
 * each user the parts their permissions allow. Computed once per data version and day
 * (dashboard.service.ts), from indexes (migration 0019).
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

export async function overviewFigures(db: Kysely<DB>, today: string): Promise<OverviewFigures> {
  const p = overviewPeriods(today);
  const limit = DASHBOARD_LIST_LIMIT;
  // One statement after another: on SQLite they share one connection anyway, and on PostgreSQL
  // this keeps an overview from holding a dozen pool connections at once.
  const inCare = await orphansOverview.countInCare(db);
  const onRecord = await totalOrphans(db);
  const admitted = await orphansOverview.countAdmitted(db, p.thisMonth.from, p.thisMonth.to);
  const birthdays = await orphansOverview.birthdaysWithin(db, p.birthdayRanges, limit);
  const exams = await resultsOverview.examsWithin(db, p.upcoming.from, p.upcoming.to, limit);
  const missing = await attendanceOverview.childrenMissingMonth(db, p.lastMonth.year, p.lastMonth.month, limit);
  const medical = await orphansOverview.childrenWithConditions(db, NEEDS_CARE_CONDITIONS, limit);

  const attendance: Charts['attendance_rate'] & object = [];
  for (const m of p.attendanceMonths) {
    const t = await attendanceOverview.monthTotals(db, m.year, m.month);
    attendance.push({ ...m, rate: attendanceRate(t), days: t.present_days + t.absent_days + t.late_days + t.excused_days });
  }
  const byMonth = await orphansOverview.admissionsByMonth(db, p.chartFrom, p.thisMonth.to);
  const grades = await resultsOverview.gradeCounts(db, p.chartFrom, p.today);

  return {
    totalOrphans: { in_care: inCare, on_record: onRecord },
    newAdmissions: { ...p.thisMonth, count: admitted },
    upcoming: p.upcoming,
    birthdays: {
      total: birthdays.total,
      items: birthdays.children.map((c) => {
        const date = birthdayDate(c.birthday, p);
        return { type: 'birthday', date, orphan_id: c.id, name: nameOf(c), class_grade: c.class_grade, turns: Number(date.slice(0, 4)) - Number(c.dob.slice(0, 4)), subject: null, result_id: null };
      }),
    },
    exams: {
      total: exams.total,
      items: exams.exams.map((e) => ({ type: 'exam', date: e.exam_date, orphan_id: e.orphan_id, name: nameOf(e), class_grade: e.class_grade, turns: null, subject: e.subject, result_id: e.id })),
    },
    missingAttendance: {
      ...p.lastMonth,
      total: missing.total,
      items: missing.children.map((c) => ({ orphan_id: c.id, name: nameOf(c), class_grade: c.class_grade })),
    },
    medical: {
      total: medical.total,
      items: medical.children.map((c) => ({ orphan_id: c.id, name: nameOf(c), class_grade: c.class_grade, medical_condition: c.medical_condition })),
    },
    charts: {
      attendance_rate: attendance,
      // Every band, A+ to F, even when empty: a chart's bars keep their places.
      grade_bands: GRADE_LETTERS.map((grade) => ({ grade, count: grades.get(grade) ?? 0 })),
      admissions: p.admissionMonths.map((m) => ({ ...m, count: byMonth.get(`${m.year}-${String(m.month).padStart(2, '0')}`) ?? 0 })),
    },
  };
}
