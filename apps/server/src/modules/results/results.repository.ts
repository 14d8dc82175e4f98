import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ResultListQuery } from '@app/shared/schemas/result.schema';
import type { DB, ResultsTable } from '../../db/schema.ts';
import { withFatherNames, withinScope, type ActiveOrphan, type SiteScope } from '../orphans/orphans.service.ts';
import { pathsById, type ActivityLinks } from '../activities/activities.service.ts';

/** Results joined with their child; a trashed child's results are never read (inner join on deleted_at is null). */

export type ResultRow = Selectable<ResultsTable>;
export type NewResultRow = Insertable<ResultsTable>;
export type ResultRowUpdate = Updateable<ResultsTable>;
/** A result as answers show it, without its child's names. */
export type ResultColumns = Omit<ResultRow, 'created_by' | 'updated_by'>;
/** A result with the names of its child. */
export type ResultWithOrphan = ResultColumns & { first_name: string; last_name: string; father_name: string | null };

/** A result's own columns as every answer shows them (who created or changed it is not shown). */
const OWN_COLUMNS = [
  'results.id', 'results.orphan_id', 'results.result_type', 'results.subject', 'results.term', 'results.exam_date', 'results.year',
  'results.grade', 'results.assessed_by', 'results.comments', 'results.total', 'results.average', 'results.score',
  'results.ethics_score', 'results.uniform_score', 'results.relationship_score', 'results.course_type',
  'results.created_at', 'results.updated_at',
] as const;
const RESULT_COLUMNS = [...OWN_COLUMNS, 'orphans.first_name', 'orphans.last_name', 'orphans.father_name'] as const;

const withOrphan = (db: Kysely<DB>, scope: SiteScope) =>
  withinScope(db.selectFrom('results').innerJoin('orphans', 'orphans.id', 'results.orphan_id').select(RESULT_COLUMNS).where('orphans.deleted_at', 'is', null), scope);

/**
 * Everyone's results as the list reads them: from the results (their year index, newest first)
 * to each one's child, by its key. SQLite keeps a CROSS JOIN's order, so a site's scope filters
 * that walk instead of reading the site's children and sorting all their results.
 */
const listWithOrphan = (db: Kysely<DB>, scope: SiteScope) =>
  withinScope(db.selectFrom('results').crossJoin('orphans').whereRef('orphans.id', '=', 'results.orphan_id').select(RESULT_COLUMNS).where('orphans.deleted_at', 'is', null), scope);

const opened = (rows: ResultWithOrphan[]) => withFatherNames(rows, (r) => r.orphan_id);

export async function findResult(db: Kysely<DB>, scope: SiteScope, id: number): Promise<ResultWithOrphan | undefined> {
  return opened(await withOrphan(db, scope).where('results.id', '=', id).execute())[0];
}

type Filter = Pick<ResultListQuery, 'orphan_id' | 'year' | 'term' | 'result_type'>;

/**
 * Newest first: by year, exam date and id, read in that order from results_orphan_idx (one child)
 * or results_year_idx (everyone); term and type only narrow what the walk keeps (the plan test
 * runs it as built here).
 * One child's results are read without their child's names: the service reads the child once
 * (and answers nothing for a child in the trash or outside the sites: its scope check is that
 * read, findActiveOrphan) instead of the same three names on every row.
 */
export function buildResultList(db: Kysely<DB>, scope: SiteScope, f: Filter, limit: number) {
  // Typed as the joined query: the filters and order below name results' columns only.
  let q = f.orphan_id !== undefined ? (db.selectFrom('results').select(OWN_COLUMNS).where('results.orphan_id', '=', f.orphan_id) as unknown as ReturnType<typeof listWithOrphan>) : listWithOrphan(db, scope);
  if (f.year !== undefined) q = q.where('results.year', '=', f.year);
  if (f.term !== undefined) q = q.where('results.term', '=', f.term);
  if (f.result_type !== undefined) q = q.where('results.result_type', '=', f.result_type);
  if (f.orphan_id !== undefined) q = q.orderBy('results.orphan_id', 'desc');
  return q.orderBy('results.year', 'desc').orderBy('results.exam_date', 'desc').orderBy('results.id', 'desc').limit(limit);
}

/** Everyone's results (no child named), with each child's names. */
export async function listResultRows(db: Kysely<DB>, scope: SiteScope, f: Omit<Filter, 'orphan_id'>, limit: number): Promise<ResultWithOrphan[]> {
  return opened(await buildResultList(db, scope, f, limit).execute());
}

/** One child's results, without the child's names: only after the child was found in the scope (findActiveOrphan). */
export function childResultRows(db: Kysely<DB>, child: ActiveOrphan, f: Omit<Filter, 'orphan_id'>, limit: number): Promise<ResultColumns[]> {
  return buildResultList(db, { all: true }, { ...f, orphan_id: child.id }, limit).execute();
}

/** Results of one type on one exam date of a class's children outside the trash, by name (the assessment narrows them further: results.service.ts). */
export async function classResultsOn(db: Kysely<DB>, scope: SiteScope, classGrade: string, resultType: string, examDate: string): Promise<ResultWithOrphan[]> {
  return opened(await withOrphan(db, scope)
    .where('results.exam_date', '=', examDate)
    .where('results.result_type', '=', resultType)
    .where('orphans.class_grade', '=', classGrade)
    .orderBy('orphans.last_name')
    .orderBy('orphans.first_name')
    .orderBy('results.id')
    .execute());
}

/** A child's results of one type on one exam date: the only ones that may be the same assessment (result-assessment.ts). */
export function childResultsOn(db: Kysely<DB>, orphanId: number, resultType: string, examDate: string) {
  return db
    .selectFrom('results')
    .select(['id', 'result_type', 'subject', 'term', 'exam_date'])
    .where('orphan_id', '=', orphanId)
    .where('result_type', '=', resultType)
    .where('exam_date', '=', examDate)
    .execute();
}

export async function insertResultRow(db: Kysely<DB>, values: NewResultRow): Promise<ResultRow> {
  return db.insertInto('results').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateResultRow(db: Kysely<DB>, id: number, values: ResultRowUpdate): Promise<ResultRow | undefined> {
  return db.updateTable('results').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteResultRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('results').where('id', '=', id).execute();
}

/** Where the log's entries about a result link: its page, while its child is outside the trash. */
export const resultActivityLinks: ActivityLinks = async (db, ids) =>
  pathsById(
    await db.selectFrom('results').innerJoin('orphans', 'orphans.id', 'results.orphan_id').select('results.id').where('results.id', 'in', ids).where('orphans.deleted_at', 'is', null).execute(),
    (r) => `/dashboard/results/${r.id}`,
  );
