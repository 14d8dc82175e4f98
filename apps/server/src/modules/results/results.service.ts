import type { Kysely } from 'kysely';
import { RESULT_TYPES } from '@app/shared/constants';
import {
  RESULT_RESPONSE_MESSAGES as RESPONSE,
  RESULTS_LIST_LIMIT,
  type OrphanResultsResponse,
  type Result,
  type ResultAverages,
  type ResultData,
  type ResultListQuery,
  type ResultListResponse,
} from '@app/shared/schemas/result.schema';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import type { LocalChanges } from '../../db/local-changes.ts';
import type { DB } from '../../db/schema.ts';
import type { Writes } from '../../db/write-procedure.ts';
import { AppError } from '../../lib/app-error.ts';
import { KeptAnswers } from '../../lib/kept-answers.ts';
import { findActiveOrphan, fullName } from './academic-orphans.repository.ts';
import { findResult, listResultRows, type ResultWithOrphan } from './results.repository.ts';
import * as writes from './results.writes.ts';

/** The child a record belongs to, as results and attendance both check it (attendance reads it through here). */
export { findActiveOrphan, findActiveOrphans, fullName, type AcademicOrphan } from './academic-orphans.repository.ts';
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
 * restored, moves it on, in any process). Nothing in these answers differs by reader.
 */
const kept = new KeptAnswers(['results_version', 'orphans_version'], { entries: 5_000, bytes: 48 * 1024 * 1024 });

/** The most results one child's summary reads (twenty a year for fifty years, several times over). */
const CHILD_RESULTS_LIMIT = 5000;

export function toResult(r: ResultWithOrphan): Result {
  return {
    id: r.id,
    orphan_id: r.orphan_id,
    father_name: r.father_name,
    orphan_name: fullName(r),
    result_type: r.result_type as Result['result_type'],
    subject: r.subject,
    term: r.term,
    exam_date: r.exam_date,
    year: r.year,
    grade: r.grade,
    assessed_by: r.assessed_by,
    comments: r.comments,
    total: r.total,
    average: r.average,
    score: r.score,
    ethics_score: r.ethics_score,
    uniform_score: r.uniform_score,
    relationship_score: r.relationship_score,
    course_type: r.course_type,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

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

/** `GET /results` as the JSON sent. */
export function resultsListJson(ctx: ResultContext, q: ResultListQuery): Promise<Buffer> {
  const key = `list:${q.orphan_id ?? ''}|${q.year ?? ''}|${q.term ?? ''}|${q.result_type ?? ''}`;
  return kept.json(ctx, key, () => listResults(ctx, q));
}

async function listResults(ctx: ResultContext, q: ResultListQuery): Promise<ResultListResponse> {
  const rows = await listResultRows(ctx.db, q, RESULTS_LIST_LIMIT + 1);
  return { data: rows.slice(0, RESULTS_LIST_LIMIT).map(toResult), truncated: rows.length > RESULTS_LIST_LIMIT };
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

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Per type: how many results, and the mean of their scores (those that have one). */
export function averagesOf(results: ReadonlyArray<Pick<Result, 'result_type' | 'score'>>): ResultAverages {
  const out = {} as ResultAverages;
  for (const type of RESULT_TYPES) {
    const ofType = results.filter((r) => r.result_type === type);
    const scores = ofType.map((r) => r.score).filter((s): s is number => s !== null);
    out[type] = { count: ofType.length, average_score: scores.length ? round2(scores.reduce((a, b) => a + b, 0) / scores.length) : null };
  }
  return out;
}

/** `GET /orphans/{id}/results` as the JSON sent (a child not found or in the trash: 404, not kept). */
export function orphanResultsJson(ctx: ResultContext, orphanId: number): Promise<Buffer> {
  return kept.json(ctx, `child:${orphanId}`, () => orphanResults(ctx, orphanId));
}

export async function orphanResults(ctx: ResultContext, orphanId: number): Promise<OrphanResultsResponse> {
  const child = await findActiveOrphan(ctx.db, orphanId);
  if (!child) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  const results = (await listResultRows(ctx.db, { orphan_id: orphanId }, CHILD_RESULTS_LIMIT)).map(toResult);
  // Rows come newest year first; terms keep the order their newest result gives them.
  const years = new Map<number, Map<string | null, Result[]>>();
  for (const r of results) {
    const terms = years.get(r.year) ?? years.set(r.year, new Map()).get(r.year)!;
    (terms.get(r.term) ?? terms.set(r.term, []).get(r.term)!).push(r);
  }
  return {
    data: {
      orphan: { id: child.id, first_name: child.first_name, last_name: child.last_name, father_name: child.father_name },
      averages: averagesOf(results),
      years: [...years].map(([year, terms]) => ({
        year,
        averages: averagesOf([...terms.values()].flat()),
        terms: [...terms].map(([term, list]) => ({ term, averages: averagesOf(list), results: list })),
      })),
    },
  };
}
