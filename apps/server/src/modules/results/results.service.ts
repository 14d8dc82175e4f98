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
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findActiveOrphan, type SiteScope } from '../orphans/orphans.service.ts';
import { childResults, listed, summaryOf, toResult } from './results-answers.ts';
import { childResultRows, classResultsOn, findResult, listResultRows } from './results.repository.ts';
import * as writes from './results.writes.ts';
import { scopeOfSiteFilter } from '../sites/sites.service.ts';

export { toResult } from './results-answers.ts';

/** What an import of results reads and writes (modules/imports). */
export * as resultImports from './result-imports.ts';

/** The overview's results by grade band and exams to come (modules/dashboard). */
export * as resultsOverview from './results-overview.repository.ts';

export interface ResultContext {
  db: Kysely<DB>;
  /** The sites whose children the request reaches. */
  scope: SiteScope;
}

/** A validated request's columns: the chosen type's fields, every other type's cleared (a PUT replaces the result). */
export function toValues(d: ResultData): writes.ResultValues {
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

/** `GET /results`: everyone's (filtered) or one child's, newest first, at most RESULTS_LIST_LIMIT. */
export async function listResults(ctx: ResultContext, q: ResultListQuery): Promise<ResultListResponse> {
  const { orphan_id, site_id, ...filter } = q;
  const scope = await scopeOfSiteFilter(ctx.db, ctx.scope, site_id);
  if (orphan_id === undefined) return listed(await listResultRows(ctx.db, scope, filter, RESULTS_LIST_LIMIT + 1));
  // One child's: none while the child is in the trash, unknown or of another site, as the join on everyone's hides them.
  const child = await findActiveOrphan(ctx.db, scope, orphan_id);
  return child ? listed(await childResultRows(ctx.db, child, filter, RESULTS_LIST_LIMIT + 1), child) : listed([]);
}

/** `GET /results/class`: the class's results of one assessment (the grid loads them to update them). */
export async function classResults(ctx: ResultContext, q: ClassResultsQuery): Promise<ClassResultsResponse> {
  const rows = await classResultsOn(ctx.db, ctx.scope, q.class_grade, q.result_type, q.exam_date);
  return { data: rows.filter((r) => sameAssessment(r, q)).map((r) => toResult(r)) };
}

export async function getResult(ctx: ResultContext, id: number): Promise<{ data: Result }> {
  const row = await findResult(ctx.db, ctx.scope, id);
  if (!row) throw AppError.notFound(RESPONSE.notFound);
  return { data: toResult(row) };
}

/** `duplicateAsConflict`: the request came from a phone's outbox (results.writes.ts). */
export async function createResult(ctx: ResultContext, userId: number | null, d: ResultData, { duplicateAsConflict = false } = {}): Promise<{ message: string; data: Result }> {
  const row = await ctx.db.transaction().execute((trx) => writes.createResult(trx, { scope: ctx.scope, values: toValues(d), userId, duplicateAsConflict }));
  return { message: RESPONSE.created, data: toResult(row) };
}

export async function updateResult(ctx: ResultContext, userId: number | null, id: number, d: ResultData): Promise<{ message: string; data: Result }> {
  const row = await ctx.db.transaction().execute((trx) => writes.updateResult(trx, { scope: ctx.scope, id, values: toValues(d), userId, expectedUpdatedAt: d.updated_at || undefined }));
  return { message: RESPONSE.updated, data: toResult(row) };
}

export async function deleteResult(ctx: ResultContext, userId: number | null, id: number): Promise<{ message: string }> {
  await ctx.db.transaction().execute((trx) => writes.deleteResult(trx, { scope: ctx.scope, id, userId }));
  return { message: RESPONSE.deleted };
}

// ---------------------------------------------------------------------------------------------
// One child's results by year and term

/** `GET /orphans/{id}/results`: one child's results by year and term, with their averages (results-answers.ts). A child not found or in the trash: 404. */
export async function orphanResults(ctx: ResultContext, orphanId: number): Promise<OrphanResultsResponse> {
  const child = await findActiveOrphan(ctx.db, ctx.scope, orphanId);
  if (!child) throw AppError.notFound(ORPHAN_RESPONSE_MESSAGES.notFound);
  return summaryOf(child, await childResults(ctx.db, child));
}
