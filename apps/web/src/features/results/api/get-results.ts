import type { ResultListResponse } from '@app/shared/schemas/result.schema';
import { listQuery } from '../../../lib/list-query.ts';
import { resultKeys, type ResultListFilters } from './result-query-keys.ts';

/** GET /results — the whole filtered list (paged in the browser, spec section 7). */
export const resultsQuery = listQuery<ResultListFilters, ResultListResponse>('/results', resultKeys.list);
