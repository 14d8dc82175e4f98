import { sql, type Compilable } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { queryPlan, seedAcademics } from '../../../test/query-plans.ts';
import { attendanceOverview } from '../attendance/attendance.service.ts';
import { conditionToken, orphansOverview, withinScope } from '../orphans/orphans.service.ts';
import { resultsOverview } from '../results/results.service.ts';
import * as summary from './overview-summary.repository.ts';

/**
 * Every figure of the overview is read from an index (migration 0019) or from its summary's keys
 * (migration 0034), never by scanning or sorting a table: the statements overview-figures.ts runs,
 * planned over a few thousand analysed rows (seedAcademics). SQLite: no `SCAN <table>` and no temporary B-tree for an ORDER BY.
 * PostgreSQL: with sequential scans and sorts priced out, a Seq Scan or Sort node can only mean
 * that no index serves the statement.
 */
describeEachDatabase('overview plans', (server, dialect) => {
  const db = () => server().database.db;
  const plan = (query: Compilable<unknown>) => queryPlan(db(), dialect, query);
  const sqlite = dialect === 'sqlite';
  /** A scan of `table`, or (for a listing) a sort, in each database's words. */
  const scans = (table: string) => (sqlite ? new RegExp(`^SCAN ${table}\\b`, 'm') : /Seq Scan/);
  const sorts = sqlite ? /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/ : /\bSort\b/;
  const uses = (index: string) => (sqlite ? new RegExp(`USING (COVERING )?INDEX ${index}\\b`) : new RegExp(`(Index (Only )?Scan( Backward)? using|Bitmap Index Scan on) ${index}\\b`));
  const uniqueMonthKey = sqlite ? 'sqlite_autoindex_attendances_1' : 'attendances_orphan_month_key';

  // seedAcademics' children are alike (all in care, one birthday, one admission day); spread them as a
  // real register is, so that each index is as selective for the planner as it is in use: most
  // children graduated or left over the years, a few in poor health, birthdays and admissions
  // over the whole calendar. Then the statistics are read again (PostgreSQL: vacuumed too, so
  // that an index-only scan is priced as one).
  beforeAll(async () => {
    await seedAcademics(db());
    const d = db();
    await d.updateTable('orphans').set({ status: 'graduated' }).where(sql<boolean>`id % 5 <> 0`).execute();
    await d.updateTable('orphans').set({ medical_condition: 'Critical', medical_token: conditionToken('Critical') }).where(sql<boolean>`id % 97 = 0`).execute();
    for (let m = 1; m <= 12; m++) {
      const mm = String(m).padStart(2, '0');
      await d
        .updateTable('orphans')
        .set({ birthday: `${mm}-15`, dob: `2012-${mm}-15`, admission_date: `${2009 + m}-${mm}-01` })
        .where(sql<boolean>`id % 12 = ${m - 1}`)
        .execute();
    }
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(d);
  });

  async function expectPlan(query: Compilable<unknown>, index: string, { listing = false, also = [] as string[], tables = ['orphans'] } = {}) {
    const p = await plan(query);
    for (const t of tables) expect(p, p).not.toMatch(scans(t));
    if (listing) expect(p, p).not.toMatch(sorts);
    expect(p, p).toMatch(uses(index));
    for (const i of also) expect(p, p).toMatch(uses(i));
  }

  it('counts and lists the children in care of a (sealed) medical condition by its token from the in-care condition index, by name', async () => {
    const tokens = ['Critical', 'Needs Attention'].map(conditionToken);
    await expectPlan(orphansOverview.buildCountConditions(db(), tokens), 'orphans_status_medical_idx');
    await expectPlan(orphansOverview.buildConditionList(db(), tokens[0]!, 20), 'orphans_status_medical_idx', { listing: true });
  });

  it('counts admissions of a month and per month from the admission index', async () => {
    await expectPlan(orphansOverview.buildCountAdmitted(db(), '2020-11-01', '2020-11-30'), 'orphans_admission_idx');
    await expectPlan(orphansOverview.buildAdmissionsByMonth(db(), '2019-12-01', '2020-11-30'), 'orphans_admission_idx');
  });

  it('counts and lists the coming birthdays of children in care from the birthday index, soonest first', async () => {
    await expectPlan(orphansOverview.buildCountBirthdays(db(), ['11-24', '12-24']), 'orphans_birthday_status_idx');
    await expectPlan(orphansOverview.buildBirthdays(db(), ['11-24', '12-24'], 20), 'orphans_birthday_status_idx', { listing: true });
  });

  it('lists children in care without a month by walking the in-care name index and probing the unique month key', async () => {
    await expectPlan(attendanceOverview.buildListMissingMonth(db(), 2025, 3, 20), 'orphans_status_name_idx', { tables: ['orphans', 'attendances'], listing: true, also: [uniqueMonthKey] });
  });

  it('lists exams to come from the exam date index', async () => {
    await expectPlan(resultsOverview.buildExams(db(), '2025-05-01', '2025-05-31', 20), 'results_exam_date_idx', { tables: ['results', 'orphans'], listing: true });
  });

  it('counts a one-site reader\'s children in care, admissions and birthdays from the same indexes alone (SQLite)', async () => {
    if (!sqlite) return;
    // Each index ends with site_id (migration 0041): the scope's site test reads no child's row.
    const site = { ids: [(await db().selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id] };
    for (const [query, index] of [
      [orphansOverview.buildCountAdmitted(db(), '2020-11-01', '2020-11-30'), 'orphans_admission_idx'],
      [orphansOverview.buildCountBirthdays(db(), ['11-24', '12-24']), 'orphans_birthday_status_idx'],
    ] as const) {
      const p = await plan(withinScope(query, site));
      expect(p, p).toMatch(new RegExp(`USING COVERING INDEX ${index}\\b`));
    }
  });

  it('reads the months and the exam days of the summary from their keys, for every site or some', async () => {
    const key = (table: string) => (sqlite ? `sqlite_autoindex_${table}_1` : `${table}_pkey`);
    for (const sites of [null, [1, 2]]) {
      await expectPlan(summary.buildMonths(db(), { year: 2024, month: 4 }, { year: 2025, month: 3 }, sites), key('overview_attendance_months'), { tables: ['overview_attendance_months'] });
      await expectPlan(summary.buildResultDays(db(), '2024-12-01', '2025-11-30', sites), key('overview_result_days'), { tables: ['overview_result_days'] });
    }
  });
});
