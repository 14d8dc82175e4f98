import type { ResultListQuery } from '@app/shared/schemas/result.schema';
import { recordKeys } from '../../../lib/record-keys.ts';

/** The list's filters as the URL holds them (strings; the server parses them with the shared query schema). */
export type ResultListFilters = { [K in keyof ResultListQuery]?: string };

/**
 * Query keys of the results feature in one place: a save or delete refreshes every filtered
 * list, the record and the child's summary (all start with `resultKeys.all`).
 */
export const resultKeys = recordKeys<ResultListFilters>('results');
