import type { Kysely } from 'kysely';
import { RESULT_TYPES } from '@app/shared/constants';
import { resultPercent, roundPercent } from '@app/shared/grade-bands';
import { RESULTS_LIST_LIMIT, type OrphanResultsResponse, type Result, type ResultAverages, type ResultListResponse, type ResultType } from '@app/shared/schemas/result.schema';
import type { DB } from '../../db/schema.ts';
import { fullName, type ActiveOrphan } from '../orphans/orphans.service.ts';
import { childResultRows, type ResultColumns } from './results.repository.ts';

/**
 * Results as answered — a list (`GET /results`) and one child's summary by year and term
 * (`GET /orphans/N/results`) — built from rows.
 */

/** The most results one child's summary reads (twenty a year for fifty years, several times over). */
const CHILD_RESULTS_LIMIT = 5000;

/** A result's mark as a percentage of its total, as answered (grade-bands.ts). */
function percentOf(r: Pick<ResultColumns, 'result_type' | 'score' | 'total'>): number | null {
  const p = resultPercent(r);
  return p === null ? null : roundPercent(p);
}

/** A result as answered, its child's names from `child` (a row joined with its child is its own). */
type ChildNames = Pick<ActiveOrphan, 'first_name' | 'last_name' | 'father_name'>;
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
    percent: percentOf(r),
    ethics_score: r.ethics_score,
    uniform_score: r.uniform_score,
    relationship_score: r.relationship_score,
    course_type: r.course_type,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** A list's answer from its rows (one more than the limit read, to tell it was cut). */
export const listed = (rows: readonly ResultColumns[], child?: ChildNames): ResultListResponse => ({
  data: rows.slice(0, RESULTS_LIST_LIMIT).map((r) => toResult(r, child)),
  truncated: rows.length > RESULTS_LIST_LIMIT,
});

/**
 * Per type: how many results, and the sum and number of their percentages of the total marks, in
 * the order added (an 85 of 100 and a 30 of 50 average 72.5 %, not 57.5).
 */
type Tally = Record<ResultType, { count: number; sum: number; scored: number }>;
const newTally = (): Tally => ({ education: { count: 0, sum: 0, scored: 0 }, discipline: { count: 0, sum: 0, scored: 0 }, course: { count: 0, sum: 0, scored: 0 } });

function add(tally: Tally, r: Pick<Result, 'result_type' | 'score' | 'total'>): void {
  const t = tally[r.result_type];
  t.count += 1;
  const percent = resultPercent(r);
  if (percent !== null) {
    t.sum += percent;
    t.scored += 1;
  }
}

/** Per type: how many results, and the mean of their percentages (those that have one). */
function averagesOf(tally: Tally): ResultAverages {
  const out = {} as ResultAverages;
  for (const type of RESULT_TYPES) {
    const t = tally[type];
    out[type] = { count: t.count, average_percent: t.scored ? roundPercent(t.sum / t.scored) : null };
  }
  return out;
}

/**
 * One child's results by year (newest first) and term (in the order their newest result gives
 * them), with the averages of each term, each year and overall, summed in one pass over the rows
 * (newest first, as childResultRows reads them).
 */
export function summaryOf(child: ActiveOrphan, rows: readonly ResultColumns[]): OrphanResultsResponse {
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

/** A child's results newest first, enough for both answers (the summary reads more than the list shows). */
export const childResults = (db: Kysely<DB>, child: ActiveOrphan) => childResultRows(db, child, {}, CHILD_RESULTS_LIMIT);
