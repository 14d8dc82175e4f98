import type { Kysely } from 'kysely';
import { sameAssessment } from '@app/shared/result-assessment';
import {
  RESULT_RESPONSE_MESSAGES as RESPONSE,
  type ClassResultsQuery,
  type ClassResultsResponse,
  RESULTS_LIST_LIMIT,
  type OrphanResultsResponse,
  type Result,
  type ResultData,
  type ResultListQuery,
  type ResultListResponse,
} from '@app/shared/schemas/result.schema';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import type { LocalChanges } from '../../db/local-changes.ts';
import type { DB } from '../../db/schema.ts';
import type { Writes } from '../../db/write-procedure.ts';
import { AppError } from '../../lib/app-error.ts';
import { backfill, fillLater, keptOrBuilt, readChildAnswer } from '../../lib/child-answers.ts';
import { KeptAnswers } from '../../lib/kept-answers.ts';
import type { KeptJson } from '../../lib/kept-answer-encodings.ts';
import { findActiveOrphan } from '../orphans/orphans.service.ts';
import { childResults, listed, summaryOf, toResult } from './results-answers.ts';
import { childResultRows, classResultsOn, findResult, listResultRows } from './results.repository.ts';
import * as writes from './results.writes.ts';

export { toResult } from './results-answers.ts';

/** The child a record belongs to, as results and attendance both check it (attendance reads it through here). */
/** The overview's results by grade band and exams to come (modules/dashboard). */
export * as resultsOverview from './results-overview.repository.ts';

export interface ResultContext {
  db: Kysely<DB>;
  writes: Writes;
  /** What this process knows of the writes to its database: lets the data version be reused (decision 0010). */
  changes?: LocalChanges;
}

/**
 * The results list and one child's results, kept as the JSON sent (decision 0034) at the sum of
 * `results_version` and `orphans_version` (a result changed, or a child renamed, trashed or
 * restored, moves it on, in any process). Nothing in these answers differs by reader. One child's
 * unfiltered list and its results are kept per child in the database first (decision 0042): in
 * memory only while they are missing there.
 */
const kept = new KeptAnswers(['results_version', 'orphans_version'], { entries: 5_000, bytes: 48 * 1024 * 1024 });

/** A validated request's columns: the chosen type's fields, every other type's cleared (a PUT replaces the result). */
function toValues(d: ResultData): writes.ResultValues {
  const base = {
    orphan_id: d.orphan_id,
    result_type: d.result_type,
    subject: d.subject,
    exam_date: d.exam_date,
    year: d.year,
    grade: d.grade,
    assessed_by: d.assessed_by ?? null,
    comments: d.comments ?? null,
    term: null,
    total: null,
    average: null,
    score: null,
    ethics_score: null,
    uniform_score: null,
    relationship_score: null,
    course_type: null,
  };
  switch (d.result_type) {
    case 'education':
      return { ...base, term: d.term, total: d.total, average: d.average, score: d.score };
    case 'discipline':
      return { ...base, score: d.score ?? null, ethics_score: d.ethics_score ?? null, uniform_score: d.uniform_score ?? null, relationship_score: d.relationship_score ?? null };
    case 'course':
      return { ...base, term: d.term, total: d.total, score: d.score, course_type: d.course_type };
  }
}

/**
 * `GET /results` as the JSON sent. One child's list without other filters is kept in the
 * database (decision 0042): read by its key, else built from rows (and filled in the background).
 */
export async function resultsListJson(ctx: ResultContext, q: ResultListQuery): Promise<KeptJson> {
  const childOnly = q.orphan_id !== undefined && q.year === undefined && q.term === undefined && q.result_type === undefined;
  if (childOnly) {
    const body = await readChildAnswer(ctx.db, q.orphan_id!, 'results-list');
    if (body) return body;
  }
  const key = `list:${q.orphan_id ?? ''}|${q.year ?? ''}|${q.term ?? ''}|${q.result_type ?? ''}`;
  const body = await kept.json(ctx, key, () => listResults(ctx, q));
  // A child in the trash (or unknown) has nothing to fill.
  if (childOnly && (await findActiveOrphan(ctx.db, q.orphan_id!))) fillLater(ctx.writes, writes.refreshResultAnswersOf, q.orphan_id!);
  return body;
}

async function listResults(ctx: ResultContext, q: ResultListQuery): Promise<ResultListResponse> {
  const { orphan_id, ...filter } = q;
  if (orphan_id === undefined) return listed(await listResultRows(ctx.db, filter, RESULTS_LIST_LIMIT + 1));
  // One child's: none while the child is in the trash (or unknown), as the join on everyone's hides them.
  const child = await findActiveOrphan(ctx.db, orphan_id);
  return child ? listed(await childResultRows(ctx.db, { ...filter, orphan_id }, RESULTS_LIST_LIMIT + 1), child) : listed([]);
}

/** `GET /results/class`: the class's results of one assessment (the grid loads them to update them). */
export async function classResults(ctx: Pick<ResultContext, 'db'>, q: ClassResultsQuery): Promise<ClassResultsResponse> {
  const rows = await classResultsOn(ctx.db, q.class_grade, q.result_type, q.exam_date);
  return { data: rows.filter((r) => sameAssessment(r, q)).map((r) => toResult(r)) };
}

export async function getResult(ctx: ResultContext, id: number): Promise<{ data: Result }> {
  const row = await findResult(ctx.db, id);
  if (!row) throw AppError.notFound(RESPONSE.notFound);
  return { data: toResult(row) };
}

export async function createResult(ctx: ResultContext, userId: number | null, d: ResultData): Promise<{ message: string; data: Result }> {
  const row = await ctx.writes.run(writes.createResult, { values: toValues(d), userId });
  return { message: RESPONSE.created, data: toResult(row) };
}

export async function updateResult(ctx: ResultContext, userId: number | null, id: number, d: ResultData): Promise<{ message: string; data: Result }> {
  const row = await ctx.writes.run(writes.updateResult, { id, values: toValues(d), userId, expectedUpdatedAt: d.updated_at || undefined });
  return { message: RESPONSE.updated, data: toResult(row) };
}

export async function deleteResult(ctx: ResultContext, userId: number | null, id: number): Promise<{ message: string }> {
  await ctx.writes.run(writes.deleteResult, { id, userId });
  return { message: RESPONSE.deleted };
}

// ---------------------------------------------------------------------------------------------
// One child's results by year and term

/**
 * `GET /orphans/{id}/results` as the JSON sent: kept in the database (decision 0042), else built
 * from rows (and filled in the background). A child not found or in the trash: 404.
 */
export async function orphanResultsJson(ctx: ResultContext, orphanId: number): Promise<KeptJson> {
  return keptOrBuilt(ctx, orphanId, 'results-summary', () => kept.json(ctx, `child:${orphanId}`, () => orphanResults(ctx, orphanId)), writes.refreshResultAnswersOf);
}

/** One child's results by year and term, with their averages, built from rows (results-answers.ts). */
export async function orphanResults(ctx: Pick<ResultContext, 'db'>, orphanId: number): Promise<OrphanResultsResponse> {
  const child = await findActiveOrphan(ctx.db, orphanId);
  if (!child) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  return summaryOf(child, await childResults(ctx.db, orphanId));
}

/**
 * Fill, one short write at a time, the kept answers of children who have results records but
 * none kept (data from before migration 0024): started once the server listens, never awaited
 * by a request; stops when `stopped()` says so; `per`: children looked at and filled per write.
 * Answers how many children were filled.
 */
export function backfillResultsAnswers(ctx: Pick<ResultContext, 'db' | 'writes'>, stopped: () => boolean, per?: { scan?: number; limit?: number }): Promise<number> {
  return backfill(ctx, 'results_answers_backfill', writes.backfillResultAnswersFrom, stopped, per);
}
