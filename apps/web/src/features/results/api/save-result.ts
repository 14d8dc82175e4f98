import type { ResultData, ResultSavedResponse } from '@app/shared/schemas/result.schema';
import { useSaveRecord } from '../../../lib/record-writes.ts';
import { RESULT_RECORDS } from './result-records.ts';

/**
 * POST /results, or PUT /results/{id} with the read version, sending what the shared schema made
 * of the form (only the chosen type's fields, the education grade derived); then the lists, the
 * record and the child's summary are refreshed.
 */
export function useSaveResult() {
  return useSaveRecord<ResultData, ResultSavedResponse>(RESULT_RECORDS);
}
