import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The overview's readings of attendance (modules/dashboard), from indexes (migrations 0016 and
 * 0019; dashboard-plans.test.ts checks the plans). Kept by the dashboard per data version.
 */

/** The status of a child in care (as orphans-overview.repository.ts). */
const IN_CARE = 'active';

/** One month's four counts summed over every child outside the trash, from the (year, month, counts, orphan_id) index. */
export const buildMonthTotals = (db: Kysely<DB>, year: number, month: number) =>
  db
    .selectFrom('attendances')
    .select((eb) => [
      eb.fn.sum<number | string | null>('present_days').as('present_days'),
      eb.fn.sum<number | string | null>('absent_days').as('absent_days'),
      eb.fn.sum<number | string | null>('late_days').as('late_days'),
      eb.fn.sum<number | string | null>('excused_days').as('excused_days'),
    ])
    .where('year', '=', year)
    .where('month', '=', month)
    // The trash holds a handful of children: their ids are looked up once, not a row per record.
    .where('orphan_id', 'not in', (eb) => eb.selectFrom('orphans').select('id').where('deleted_at', 'is not', null));

export interface MonthTotals {
  present_days: number;
  absent_days: number;
  late_days: number;
  excused_days: number;
}

export async function monthTotals(db: Kysely<DB>, year: number, month: number): Promise<MonthTotals> {
  const row = await buildMonthTotals(db, year, month).executeTakeFirst();
  return {
    present_days: Number(row?.present_days ?? 0),
    absent_days: Number(row?.absent_days ?? 0),
    late_days: Number(row?.late_days ?? 0),
    excused_days: Number(row?.excused_days ?? 0),
  };
}

/**
 * Children in care with no attendance record for the month: each child of the in-care name
 * index is probed in the unique (orphan_id, year, month) key. `count` counts them; otherwise the
 * first `limit` by name.
 */
export function buildMissingMonth(db: Kysely<DB>, year: number, month: number) {
  return db
    .selectFrom('orphans')
    .where('orphans.deleted_at', 'is', null)
    .where('orphans.status', '=', IN_CARE)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('attendances')
            .select('attendances.id')
            .whereRef('attendances.orphan_id', '=', 'orphans.id')
            .where('attendances.year', '=', year)
            .where('attendances.month', '=', month),
        ),
      ),
    );
}

export const buildCountMissingMonth = (db: Kysely<DB>, year: number, month: number) =>
  buildMissingMonth(db, year, month).select((eb) => eb.fn.countAll<number>().as('n'));

export const buildListMissingMonth = (db: Kysely<DB>, year: number, month: number, limit: number) =>
  buildMissingMonth(db, year, month)
    .select(['orphans.id', 'orphans.first_name', 'orphans.last_name', 'orphans.class_grade'])
    .orderBy('orphans.last_name')
    .orderBy('orphans.first_name')
    .orderBy('orphans.id')
    .limit(limit);

export async function childrenMissingMonth(db: Kysely<DB>, year: number, month: number, limit: number) {
  const total = Number((await buildCountMissingMonth(db, year, month).executeTakeFirstOrThrow()).n);
  const children = total ? await buildListMissingMonth(db, year, month, limit).execute() : [];
  return { total, children };
}
