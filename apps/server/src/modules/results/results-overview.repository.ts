import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { withinScope, type SiteScope } from '../orphans/orphans.service.ts';

/**
 * The overview's list of exams to come (modules/dashboard), from the (exam_date, grade,
 * orphan_id) index of migration 0019 (dashboard-plans.test.ts checks the plan). The counts per
 * grade and of exams to come come from the overview's summary.
 */

/** The status of a child in care (as orphans-overview.repository.ts). */
const IN_CARE = 'active';

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

/** The first `limit` by exam date (the index's order). */
export const buildExams = (db: Kysely<DB>, from: string, to: string, limit: number) =>
  examsBetween(db, from, to)
    .select(['results.id', 'results.orphan_id', 'results.exam_date', 'results.subject', 'results.result_type', 'orphans.first_name', 'orphans.last_name', 'orphans.class_grade'])
    .orderBy('results.exam_date')
    .limit(limit);

export function examsWithin(db: Kysely<DB>, scope: SiteScope, from: string, to: string, limit: number) {
  return withinScope(buildExams(db, from, to, limit), scope).execute();
}
