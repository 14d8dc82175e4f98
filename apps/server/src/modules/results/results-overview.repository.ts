import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The overview's readings of results (modules/dashboard), from the (exam_date, grade, orphan_id)
 * index of migration 0019 (dashboard-plans.test.ts checks the plans). Kept by the dashboard per
 * data version.
 */

/** The status of a child in care (as orphans-overview.repository.ts). */
const IN_CARE = 'active';

/** Results with an exam date within [from, to] per grade letter, leaving out children in the trash (looked up once). */
export const buildGradeCounts = (db: Kysely<DB>, from: string, to: string) =>
  db
    .selectFrom('results')
    .select(['grade', (eb) => eb.fn.countAll<number>().as('n')])
    .where('exam_date', '>=', from)
    .where('exam_date', '<=', to)
    .where('orphan_id', 'not in', (eb) => eb.selectFrom('orphans').select('id').where('deleted_at', 'is not', null))
    .groupBy('grade');

export async function gradeCounts(db: Kysely<DB>, from: string, to: string): Promise<Map<string, number>> {
  const rows = await buildGradeCounts(db, from, to).execute();
  return new Map(rows.map((r) => [r.grade, Number(r.n)]));
}

/**
 * Results of children in care whose exam date falls within [from, to]: exams to come. A cross
 * join makes SQLite walk the exam dates and look each result's child up, never the other way
 * round (every child in care, each probed for results); PostgreSQL plans it as any join.
 */
const examsBetween = (db: Kysely<DB>, from: string, to: string) =>
  db
    .selectFrom('results')
    .crossJoin('orphans')
    .whereRef('orphans.id', '=', 'results.orphan_id')
    .where('results.exam_date', '>=', from)
    .where('results.exam_date', '<=', to)
    .where('orphans.deleted_at', 'is', null)
    .where('orphans.status', '=', IN_CARE);

export const buildCountExams = (db: Kysely<DB>, from: string, to: string) => examsBetween(db, from, to).select((eb) => eb.fn.countAll<number>().as('n'));

/** The first `limit` by exam date (the index's order). */
export const buildExams = (db: Kysely<DB>, from: string, to: string, limit: number) =>
  examsBetween(db, from, to)
    .select(['results.id', 'results.orphan_id', 'results.exam_date', 'results.subject', 'results.result_type', 'orphans.first_name', 'orphans.last_name', 'orphans.class_grade'])
    .orderBy('results.exam_date')
    .limit(limit);

export async function examsWithin(db: Kysely<DB>, from: string, to: string, limit: number) {
  const total = Number((await buildCountExams(db, from, to).executeTakeFirstOrThrow()).n);
  const exams = total ? await buildExams(db, from, to, limit).execute() : [];
  return { total, exams };
}
