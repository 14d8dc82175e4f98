import type { QueryClient } from '@tanstack/react-query';
import type { RecordResource } from '../../../lib/record-writes.ts';
import { resultKeys } from './result-query-keys.ts';

/** A result as its form saves it and its list deletes it: afterwards every filtered list and the child's summary refresh. */
export const RESULT_RECORDS: RecordResource = {
  path: '/results',
  detail: resultKeys.detail,
  refresh: (queryClient: QueryClient) =>
    Promise.all([queryClient.invalidateQueries({ queryKey: resultKeys.lists() }), queryClient.invalidateQueries({ queryKey: resultKeys.summaries() })]),
};
