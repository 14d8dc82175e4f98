import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { nowIso } from '../../lib/time.ts';

/**
 * The overview's summary (migration 0034) is kept by triggers: after every kind of change to
 * children, attendance and results — made straight in the tables, as a script would — it holds
 * exactly what counting the records again gives. Children move between sites, leave care, go to
 * the trash and come back, and are purged with their records.
 */
describeEachDatabase('overview summary', (server) => {
  const db = () => server().database.db;
  const ids: number[] = [];
  const at = nowIso();

  const n = (v: unknown) => Number(v ?? 0);
  const rows = <T extends Record<string, unknown>>(list: T[], key: (r: T) => string) =>
    Object.fromEntries(
      list
        .map((r) => [key(r), Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && k !== 'exam_date' && k !== 'grade' ? n(v) : v]))] as const)
        .filter(([, r]) => Object.entries(r).some(([k, v]) => typeof v === 'number' && !['site_id', 'year', 'month'].includes(k) && v !== 0))
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );

  /** The summary as kept, leaving out rows that came back to nothing. */
  async function kept() {
    const children = await db().selectFrom('overview_children').select(['site_id', 'on_record', 'in_care']).execute();
    const months = await db().selectFrom('overview_attendance_months').selectAll().execute();
    const days = await db().selectFrom('overview_result_days').selectAll().execute();
    return {
      children: rows(children.map((r) => ({ ...r, on_record: n(r.on_record), in_care: n(r.in_care) })), (r) => `${r.site_id}`),
      months: rows(
        months.map((r) => ({ ...r, present_days: n(r.present_days), absent_days: n(r.absent_days), late_days: n(r.late_days), excused_days: n(r.excused_days), in_care_records: n(r.in_care_records) })),
        (r) => `${r.site_id}/${r.year}/${r.month}`,
      ),
      days: rows(days.map((r) => ({ ...r, results: n(r.results), in_care_results: n(r.in_care_results) })), (r) => `${r.site_id}/${r.exam_date}/${r.grade}`),
    };
  }

  /** The same figures counted from the records. */
  async function recounted() {
    const site = sql<number>`coalesce(o.site_id, 0)`;
    const outside = sql<number>`case when o.deleted_at is null then 1 else 0 end`;
    const inCare = sql<number>`case when o.deleted_at is null and o.status = 'active' then 1 else 0 end`;
    const children = await db()
      .selectFrom('orphans as o')
      .select([site.as('site_id'), sql<number>`sum(${outside})`.as('on_record'), sql<number>`sum(${inCare})`.as('in_care')])
      .groupBy(site)
      .execute();
    const months = await db()
      .selectFrom('attendances as a')
      .innerJoin('orphans as o', 'o.id', 'a.orphan_id')
      .where('o.deleted_at', 'is', null)
      .select([
        site.as('site_id'), 'a.year', 'a.month',
        sql<number>`sum(a.present_days)`.as('present_days'), sql<number>`sum(a.absent_days)`.as('absent_days'), sql<number>`sum(a.late_days)`.as('late_days'),
        sql<number>`sum(a.excused_days)`.as('excused_days'), sql<number>`sum(${inCare})`.as('in_care_records'),
      ])
      .groupBy([site, 'a.year', 'a.month'])
      .execute();
    const days = await db()
      .selectFrom('results as r')
      .innerJoin('orphans as o', 'o.id', 'r.orphan_id')
      .where('o.deleted_at', 'is', null)
      .select([site.as('site_id'), 'r.exam_date', 'r.grade', sql<number>`count(*)`.as('results'), sql<number>`sum(${inCare})`.as('in_care_results')])
      .groupBy([site, 'r.exam_date', 'r.grade'])
      .execute();
    return {
      children: rows(children.map((r) => ({ site_id: n(r.site_id), on_record: n(r.on_record), in_care: n(r.in_care) })), (r) => `${r.site_id}`),
      months: rows(
        months.map((r) => ({ site_id: n(r.site_id), year: r.year, month: r.month, present_days: n(r.present_days), absent_days: n(r.absent_days), late_days: n(r.late_days), excused_days: n(r.excused_days), in_care_records: n(r.in_care_records) })),
        (r) => `${r.site_id}/${r.year}/${r.month}`,
      ),
      days: rows(days.map((r) => ({ site_id: n(r.site_id), exam_date: r.exam_date, grade: r.grade, results: n(r.results), in_care_results: n(r.in_care_results) })), (r) => `${r.site_id}/${r.exam_date}/${r.grade}`),
    };
  }

  const expectExact = async () => expect(await kept()).toEqual(await recounted());

  const sites: number[] = [];
  beforeAll(async () => {
    for (const name of ['Summary Home A', 'Summary Home B']) {
      const { id } = await db().insertInto('sites').values({ name, kind: 'orphanage', province: null, address: null, phone: null, active: 1, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      sites.push(id);
    }
    for (let i = 0; i < 6; i++) {
      const { id } = await db()
        .insertInto('orphans')
        .values({
          first_name: `Sum${i}`, last_name: 'Mary', dob: '2014-03-04', birthday: '03-04', gender: 'female', class_grade: '4', admission_date: '2020-01-01',
          status: i === 5 ? 'graduated' : 'active', search_text: `sum${i} mary`, site_id: sites[i % 2]!, created_at: at, updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
      for (const month of [1, 2, 3]) {
        await db().insertInto('attendances').values({ orphan_id: id, year: 2025, month, present_days: 18 + i, absent_days: i % 3, late_days: 1, excused_days: 0, created_at: at, updated_at: at }).execute();
      }
      for (const [k, grade] of (['A', 'B', 'A'] as const).entries()) {
        await db()
          .insertInto('results')
          .values({ orphan_id: id, result_type: 'education', subject: `S${k}`, term: 'Final', exam_date: `2025-0${k + 4}-10`, year: 2025, grade, total: 100, score: 80, average: 80, created_at: at, updated_at: at })
          .execute();
      }
    }
  });

  it('counts new children, months and results, each under its child\'s site and state', async () => {
    await expectExact();
    const k = await kept();
    expect(Object.keys(k.children)).toHaveLength(2);
    expect(Object.keys(k.months).length).toBeGreaterThanOrEqual(6);
  });

  it('follows edits of a month\'s counts, a month moved, a result regraded or moved to another child, and records removed', async () => {
    await db().updateTable('attendances').set({ present_days: 5, absent_days: 15 }).where('orphan_id', '=', ids[0]!).where('month', '=', 1).execute();
    await expectExact();
    await db().updateTable('attendances').set({ month: 7 }).where('orphan_id', '=', ids[1]!).where('month', '=', 2).execute();
    await db().updateTable('attendances').set({ notes: 'only a note' }).where('orphan_id', '=', ids[1]!).execute();
    await expectExact();
    await db().updateTable('results').set({ grade: 'F' }).where('orphan_id', '=', ids[2]!).where('subject', '=', 'S0').execute();
    await db().updateTable('results').set({ orphan_id: ids[5]! }).where('orphan_id', '=', ids[3]!).where('subject', '=', 'S1').execute();
    await db().updateTable('results').set({ exam_date: '2025-09-01' }).where('orphan_id', '=', ids[4]!).execute();
    await expectExact();
    await db().deleteFrom('attendances').where('orphan_id', '=', ids[2]!).where('month', '=', 3).execute();
    await db().deleteFrom('results').where('orphan_id', '=', ids[0]!).where('subject', '=', 'S2').execute();
    await expectExact();
  });

  it('moves a child\'s records with the child: out of care, to another site, to the trash and back', async () => {
    await db().updateTable('orphans').set({ status: 'inactive' }).where('id', '=', ids[0]!).execute();
    await expectExact();
    await db().updateTable('orphans').set({ site_id: sites[1]! }).where('id', '=', ids[2]!).execute();
    await expectExact();
    await db().updateTable('orphans').set({ deleted_at: at }).where('id', 'in', [ids[3]!, ids[4]!]).execute();
    await expectExact();
    // A record changed while its child is in the trash counts nowhere, before or after.
    await db().updateTable('attendances').set({ present_days: 1 }).where('orphan_id', '=', ids[3]!).execute();
    await db().insertInto('results').values({ orphan_id: ids[3]!, result_type: 'education', subject: 'Late', term: 'Final', exam_date: '2025-06-01', year: 2025, grade: 'C', total: 100, score: 60, average: 60, created_at: at, updated_at: at }).execute();
    await expectExact();
    await db().updateTable('orphans').set({ deleted_at: null, status: 'active' }).where('id', '=', ids[3]!).execute();
    await db().updateTable('orphans').set({ first_name: 'Renamed' }).where('id', '=', ids[1]!).execute();
    await expectExact();
  });

  it('takes a purged child out with its records, from the trash or straight from care', async () => {
    await db().deleteFrom('orphans').where('id', '=', ids[4]!).execute(); // in the trash
    await expectExact();
    await db().deleteFrom('orphans').where('id', '=', ids[1]!).execute(); // in care
    await expectExact();
    expect(await db().selectFrom('attendances').select('id').where('orphan_id', 'in', [ids[1]!, ids[4]!]).execute()).toEqual([]);
  });
});
