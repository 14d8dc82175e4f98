import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { queryPlan, seedAcademics } from '../../../test/query-plans.ts';
import { buildAttendanceList, buildChildMonths, type AttendanceFilter } from './attendance.repository.ts';

/**
 * The attendance and results reads come from indexes (migration 0016), never from sorting or scanning
 * a table: the attendance list for one month and grade (page and total), one child's results
 * (the list and the results summary run the same statement), one child's attendance summary, and
 * the list without a child. The statements are the ones the repository runs, planned over a
 * few thousand analysed rows (seedAcademics). One child's results: results/results-plans.test.ts.
 */
describeEachDatabase('attendance plans', (server, dialect) => {
  const db = () => server().database.db;
  const plan = (query: Parameters<typeof queryPlan>[2]) => queryPlan(db(), dialect, query);
  /** A sort or a scan of a table in each database's words. */
  const sortsOrScans = (table: string) => (dialect === 'sqlite' ? new RegExp(`USE TEMP B-TREE|^SCAN ${table}$`, 'm') : /\bSort\b|Seq Scan/);
  let sites: number[] = [];
  beforeAll(async () => {
    sites = await seedAcademics(db());
  });

  it('pages one grade\'s month by walking the grade index and looking each child\'s month up, and counts it the same way', async () => {
    const f: AttendanceFilter = { month: 3, year: 2025, class_grade: '4' };
    for (const count of [false, true]) {
      const p = await plan(buildAttendanceList(db(), { all: true }, f, count ? undefined : { limit: 10, offset: 40 }));
      expect(p, p).not.toMatch(sortsOrScans('orphans'));
      expect(p, p).not.toMatch(sortsOrScans('attendances'));
      // PostgreSQL may count by joining two bitmap index scans: from indexes still, and cheaper for a count.
      expect(p, p).toMatch(dialect === 'sqlite' ? /orphans USING (COVERING )?INDEX orphans_grade_idx/ : /(Index (Only )?Scan using|Bitmap Index Scan on) orphans_grade_idx/);
      // Each child's month by (orphan_id, year, month): the unique key or attendances_child_counts_idx (migration 0023), whose prefix it is.
      if (!count) expect(p, p).toMatch(dialect === 'sqlite' ? /attendances USING (COVERING )?INDEX (sqlite_autoindex_attendances_1|attendances_child_counts_idx) \(orphan_id=\? AND year=\? AND month=\?\)/ : /attendances_orphan_month_key|attendances_child_counts_idx/);
    }
  });

  it('counts one grade\'s month from indexes alone, reading no child\'s row, for a reader of every site and of one (SQLite)', async () => {
    if (dialect !== 'sqlite') return;
    const site = (await db().selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    for (const scope of [{ all: true as const }, { ids: [site] }]) {
      const p = await plan(buildAttendanceList(db(), scope, { month: 3, year: 2025, class_grade: '4' }));
      // The grade index holds deleted_at (migration 0031) and site_id (0041), the month's key is the unique index: both covering.
      expect(p, p).toMatch(/SCAN orphans USING COVERING INDEX orphans_grade_idx|SEARCH orphans USING COVERING INDEX orphans_grade_idx/);
      expect(p, p).toMatch(/SEARCH attendances USING COVERING INDEX/);
    }
  });

  it('pages a month of every grade in name order from the orphans name index', async () => {
    const f: AttendanceFilter = { month: 3, year: 2025 };
    const p = await plan(buildAttendanceList(db(), { all: true }, f, { limit: 10, offset: 0 }));
    expect(p, p).not.toMatch(sortsOrScans('orphans'));
    expect(p, p).toMatch(/orphans_name_idx/);
  });

  it('pages one site\'s month in name order from the site list index, and counts it from indexes', async () => {
    const f: AttendanceFilter = { month: 3, year: 2025 };
    const scope = { ids: [sites[1]!] };
    for (const count of [false, true]) {
      const p = await plan(buildAttendanceList(db(), scope, f, count ? undefined : { limit: 10, offset: 0 }));
      expect(p, p).not.toMatch(sortsOrScans('orphans'));
      expect(p, p).not.toMatch(sortsOrScans('attendances'));
      if (!count) expect(p, p).toMatch(/orphans_site_name_idx/);
    }
    // Several sites: no index holds their names in order, so the name index is walked and each child's site kept or not.
    const p = await plan(buildAttendanceList(db(), { ids: [sites[0]!, sites[2]!] }, f, { limit: 10, offset: 0 }));
    expect(p, p).not.toMatch(sortsOrScans('orphans'));
    expect(p, p).toMatch(/orphans_name_idx/);
  });

  it('reads one child\'s months from an index alone, and the list without a month from attendances_month_idx', async () => {
    const summary = await plan(buildChildMonths(db(), [7]));
    expect(summary, summary).not.toMatch(sortsOrScans('attendances'));
    // SQLite reads the counts from attendances_child_counts_idx (migration 0023); PostgreSQL may
    // take either index on a few thousand rows, never a sort or a scan (above).
    expect(summary, summary).toMatch(dialect === 'sqlite' ? /COVERING INDEX attendances_child_counts_idx/ : /attendances_child_counts_idx|attendances_orphan_month_key/);
    for (const f of [{ orphan_id: 7 }, { orphan_id: 7, year: 2025 }]) {
      const p = await plan(buildAttendanceList(db(), { all: true }, f, { limit: 10, offset: 0 }));
      expect(p, p).not.toMatch(sortsOrScans('attendances'));
    }
    for (const scope of [{ all: true as const }, { ids: [sites[1]!] }, { ids: [sites[0]!, sites[2]!] }]) {
      for (const f of [{}, { year: 2025 }]) {
        const p = await plan(buildAttendanceList(db(), scope, f, { limit: 10, offset: 0 }));
        expect(p, p).not.toMatch(sortsOrScans('attendances'));
        expect(p, p).not.toMatch(/\bSort\b|USE TEMP B-TREE/);
        expect(p, p).toMatch(/attendances_month_idx/);
      }
    }
  });
});
