import { EDUCATION_TERMS, RESULT_TYPES } from '@app/shared/constants';
import type { ResultAverages } from '@app/shared/schemas/result.schema';
import type { OrphanResults } from '../api/get-orphan-results.ts';

/** Terms in the order a school year runs through them; a result without a term (discipline) last. */
const TERM_ORDER: readonly (string | null)[] = [...EDUCATION_TERMS, null];
const termRank = (term: string | null) => {
  const i = TERM_ORDER.indexOf(term);
  return i === -1 ? TERM_ORDER.length - 1 : i;
};

export interface SummaryPeriod {
  year: number;
  term: string | null;
  averages: ResultAverages;
}

/** Every year-and-term of the summary, oldest first (the order of the trend chart and the table). */
export function periodsOldestFirst(summary: OrphanResults): SummaryPeriod[] {
  return [...summary.years]
    .sort((a, b) => a.year - b.year)
    .flatMap((y) => [...y.terms].sort((a, b) => termRank(a.term) - termRank(b.term)).map((t) => ({ year: y.year, term: t.term, averages: t.averages })));
}

/** The chart's points: per period, each type's average percentage of the total marks (null where the type has none). */
export function trendPoints(periods: readonly SummaryPeriod[], label: (p: SummaryPeriod) => string) {
  return periods.map((p) => ({
    label: label(p),
    ...Object.fromEntries(RESULT_TYPES.map((type) => [type, p.averages[type].average_percent])),
  }));
}

/** The types that have any result (only those get a column and a line). */
export function typesPresent(summary: OrphanResults) {
  return RESULT_TYPES.filter((type) => summary.averages[type].count > 0);
}
