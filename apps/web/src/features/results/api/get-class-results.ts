import { queryOptions } from '@tanstack/react-query';
import type { ClassResultsQuery, ClassResultsResponse, Result } from '@app/shared/schemas/result.schema';
import { api, type QueryParams } from '../../../lib/api-client.ts';
import { keptWhenUnreachable } from '../../../lib/kept-classes/kept-classes.ts';
import { resultKeys } from './result-query-keys.ts';

/** The assessment looked up, as strings (the server parses them with the shared query schema). */
export type ClassAssessmentLookup = { [K in keyof ClassResultsQuery | 'site_id']?: string };

const sameText = (a: string | null | undefined, b: string | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** A kept result of the assessment looked up. */
const ofAssessment = (q: ClassAssessmentLookup) => (r: Result) =>
  r.result_type === q.result_type && sameText(r.subject, q.subject) && r.exam_date === q.exam_date && (q.term === undefined || r.term === q.term);

/**
 * GET /results/class — the results already entered for one assessment of a class's children:
 * what "Enter class results" shows, so a save updates them. Kept among the results lists, so every
 * result saved or deleted refreshes it. With no server to ask, a kept class's results of the
 * assessment as kept on this phone (lib/kept-classes).
 */
export function classResultsQuery(params: ClassAssessmentLookup) {
  return queryOptions({
    queryKey: [...resultKeys.lists(), 'class', params],
    // Asked even when the browser says it is offline: the kept copy answers then.
    networkMode: 'offlineFirst',
    queryFn: async ({ signal }): Promise<Result[]> => {
      try {
        return (await api.get<ClassResultsResponse>('/results/class', { params: { ...params } as QueryParams, signal })).data;
      } catch (err) {
        return keptWhenUnreachable(err, { site: params.site_id ?? '', grade: params.class_grade ?? '' }, (kept) => kept.results.filter(ofAssessment(params)));
      }
    },
  });
}
