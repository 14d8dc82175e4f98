import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Month } from './overview-periods.ts';

/**
 * The overview's readings of its summary (migration 0034, decision 0049): the counts and sums
 * over every child's records, kept per site by the database's triggers. `sites`: the sites whose
 * figures are added up; null for every site. A handful of rows each, from the primary keys.
 */
export type Sites = readonly number[] | null;

type SummaryTable = 'overview_children' | 'overview_attendance_months' | 'overview_result_days';

/** Only the rows of `sites` (none for no site). */
const inSites = <T extends SummaryTable, O>(query: SelectQueryBuilder<DB, T, O>, sites: Sites): SelectQueryBuilder<DB, T, O> => {
  if (!sites) return query;
  return sites.length ? query.where(sql.ref('site_id'), 'in', [...sites]) : query.where(sql<boolean>`1 = 0`);
};

const n = (v: number | string | null | undefined) => Number(v ?? 0);

export const buildChildCounts = (db: Kysely<DB>, sites: Sites) =>
  inSites(db.selectFrom('overview_children').select((eb) => [eb.fn.sum<number | string>('on_record').as('on_record'), eb.fn.sum<number | string>('in_care').as('in_care')]), sites);

/** Children outside the trash, and those of them in care. */
export async function childCounts(db: Kysely<DB>, sites: Sites): Promise<{ on_record: number; in_care: number }> {
  const row = await buildChildCounts(db, sites).executeTakeFirst();
  return { on_record: n(row?.on_record), in_care: n(row?.in_care) };
}

export interface MonthSummary {
  present_days: number;
  absent_days: number;
  late_days: number;
  excused_days: number;
  /** Children in care with a record for the month. */
  in_care_records: number;
}

export const buildMonths = (db: Kysely<DB>, from: Month, to: Month, sites: Sites) =>
  inSites(
    db
      .selectFrom('overview_attendance_months')
      .select((eb) => [
        'year',
        'month',
        eb.fn.sum<number | string>('present_days').as('present_days'),
        eb.fn.sum<number | string>('absent_days').as('absent_days'),
        eb.fn.sum<number | string>('late_days').as('late_days'),
        eb.fn.sum<number | string>('excused_days').as('excused_days'),
        eb.fn.sum<number | string>('in_care_records').as('in_care_records'),
      ])
      // The whole years, from the key's range; the months outside are left out below.
      .where('year', '>=', from.year)
      .where('year', '<=', to.year)
      .groupBy(['year', 'month']),
    sites,
  );

/** Each month from `from` to `to` (both included), keyed 'YYYY-M'; a month nobody recorded is absent. */
export async function months(db: Kysely<DB>, from: Month, to: Month, sites: Sites): Promise<Map<string, MonthSummary>> {
  const key = (m: Month) => m.year * 12 + m.month;
  const rows = (await buildMonths(db, from, to, sites).execute()).filter((r) => key(r) >= key(from) && key(r) <= key(to));
  return new Map(
    rows.map((r) => [
      `${r.year}-${r.month}`,
      { present_days: n(r.present_days), absent_days: n(r.absent_days), late_days: n(r.late_days), excused_days: n(r.excused_days), in_care_records: n(r.in_care_records) },
    ]),
  );
}

export const buildResultDays = (db: Kysely<DB>, from: string, to: string, sites: Sites) =>
  inSites(
    db
      .selectFrom('overview_result_days')
      .select((eb) => ['grade', eb.fn.sum<number | string>('results').as('results'), eb.fn.sum<number | string>('in_care_results').as('in_care_results')])
      .where('exam_date', '>=', from)
      .where('exam_date', '<=', to)
      .groupBy('grade'),
    sites,
  );

/** Results with an exam date within [from, to] per grade: of children outside the trash, and of children in care. */
export async function resultDays(db: Kysely<DB>, from: string, to: string, sites: Sites): Promise<Map<string, { results: number; in_care_results: number }>> {
  const rows = await buildResultDays(db, from, to, sites).execute();
  return new Map(rows.map((r) => [r.grade, { results: n(r.results), in_care_results: n(r.in_care_results) }]));
}
