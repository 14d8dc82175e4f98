import type { ResultData, ResultSavedResponse } from '@app/shared/schemas/result.schema';
import { useSaveRecordOrQueue } from '../../../lib/outbox/save-or-queue-record.ts';
import { RESULT_RECORDS } from './result-records.ts';

/**
 * POST /results, or PUT /results/{id} with the read version, sending what the shared schema made
 * of the form (only the chosen type's fields, the education grade derived); then the lists, the
 * record and the child's summary are refreshed. Without a connection it is kept in the outbox.
 */
export function useSaveResult() {
  return useSaveRecordOrQueue<ResultData, ResultSavedResponse>(RESULT_RECORDS);
}
