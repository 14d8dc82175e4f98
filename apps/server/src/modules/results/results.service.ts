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
  type ResultType,
} from '@app/shared/schemas/result.schema';
import { ORPHAN_RESPONSE_MESSAGES } from '@app/shared/schemas/orphan.schema';
import type { LocalChanges } from '../../db/local-changes.ts';
import type { DB } from '../../db/schema.ts';
import type { Writes } from '../../db/write-procedure.ts';
import { AppError } from '../../lib/app-error.ts';
import { KeptAnswers } from '../../lib/kept-answers.ts';
import { findActiveOrphan, fullName, type AcademicOrphan } from './academic-orphans.repository.ts';
import { childResultRows, findResult, listResultRows, type ResultColumns } from './results.repository.ts';
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

/** A result as answered, its child's names from `child` (a row joined with its child is its own). */
type ChildNames = Pick<AcademicOrphan, 'first_name' | 'last_name' | 'father_name'>;
export function toResult(r: ResultColumns, child: ChildNames = r as ResultColumns & ChildNames): Result {
  return {
    id: r.id,
    orphan_id: r.orphan_id,
    father_name: child.father_name,
    orphan_name: fullName(child),
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
  const listed = (rows: readonly ResultColumns[], child?: ChildNames): ResultListResponse => ({
    data: rows.slice(0, RESULTS_LIST_LIMIT).map((r) => toResult(r, child)),
    truncated: rows.length > RESULTS_LIST_LIMIT,
  });
  const { orphan_id, ...filter } = q;
  if (orphan_id === undefined) return listed(await listResultRows(ctx.db, filter, RESULTS_LIST_LIMIT + 1));
  // One child's: none while the child is in the trash (or unknown), as the join on everyone's hides them.
  const child = await findActiveOrphan(ctx.db, orphan_id);
  return child ? listed(await childResultRows(ctx.db, { ...filter, orphan_id }, RESULTS_LIST_LIMIT + 1), child) : listed([]);
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

/** Per type: how many results, and the sum and number of the scores given, in the order added. */
type Tally = Record<ResultType, { count: number; sum: number; scored: number }>;
const newTally = (): Tally => ({ education: { count: 0, sum: 0, scored: 0 }, discipline: { count: 0, sum: 0, scored: 0 }, course: { count: 0, sum: 0, scored: 0 } });

function add(tally: Tally, r: Pick<Result, 'result_type' | 'score'>): void {
  const t = tally[r.result_type];
  t.count += 1;
  if (r.score !== null) {
    t.sum += r.score;
    t.scored += 1;
  }
}

/** Per type: how many results, and the mean of their scores (those that have one). */
function averagesOf(tally: Tally): ResultAverages {
  const out = {} as ResultAverages;
  for (const type of RESULT_TYPES) {
    const t = tally[type];
    out[type] = { count: t.count, average_score: t.scored ? round2(t.sum / t.scored) : null };
  }
  return out;
}

/** `GET /orphans/{id}/results` as the JSON sent (a child not found or in the trash: 404, not kept). */
export function orphanResultsJson(ctx: ResultContext, orphanId: number): Promise<Buffer> {
  return kept.json(ctx, `child:${orphanId}`, () => orphanResults(ctx, orphanId));
}

/**
 * One child's results by year (newest first) and term (in the order their newest result gives
 * them), with the averages of each term, each year and overall, summed in one pass over the rows.
 */
export async function orphanResults(ctx: ResultContext, orphanId: number): Promise<OrphanResultsResponse> {
  const child = await findActiveOrphan(ctx.db, orphanId);
  if (!child) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  const rows = await childResultRows(ctx.db, { orphan_id: orphanId }, CHILD_RESULTS_LIMIT);
  const overall = newTally();
  const years = new Map<number, { tally: Tally; terms: Map<string | null, { tally: Tally; results: Result[] }> }>();
  for (const row of rows) {
    const r = toResult(row, child);
    let year = years.get(r.year);
    if (!year) years.set(r.year, (year = { tally: newTally(), terms: new Map() }));
    let term = year.terms.get(r.term);
    if (!term) year.terms.set(r.term, (term = { tally: newTally(), results: [] }));
    term.results.push(r);
    add(term.tally, r);
    add(year.tally, r);
    add(overall, r);
  }
  return {
    data: {
      orphan: { id: child.id, first_name: child.first_name, last_name: child.last_name, father_name: child.father_name },
      averages: averagesOf(overall),
      years: [...years].map(([year, y]) => ({
        year,
        averages: averagesOf(y.tally),
        terms: [...y.terms].map(([term, t]) => ({ term, averages: averagesOf(t.tally), results: t.results })),
      })),
    },
  };
}
