import type { ClassResultsQuery, ClassResultsResponse, Result } from '@app/shared/schemas/result.schema';
import { listQuery } from '../../../lib/list-query.ts';
import { resultKeys } from './result-query-keys.ts';

/** The assessment looked up, as strings (the server parses them with the shared query schema). */
export type ClassAssessmentLookup = { [K in keyof ClassResultsQuery | 'site_id']?: string };

/**
 * GET /results/class — the results already entered for one assessment of a class's children:
 * what "Enter class results" shows, so a save updates them. Kept among the results lists, so every
 * result saved or deleted refreshes it.
 */
export const classResultsQuery = listQuery<ClassAssessmentLookup, ClassResultsResponse, Result[]>(
  '/results/class',
  (params) => [...resultKeys.lists(), 'class', params],
  (answer) => answer.data,
);
