import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResultData, ResultSavedResponse } from '@app/shared/schemas/result.schema';
import { api } from '../../../lib/api-client.ts';
import { resultKeys } from './result-query-keys.ts';

export interface SaveResultInput {
  /** Absent: create. */
  id?: number | string;
  /** What the shared schema made of the form: only the chosen type's fields, the education grade derived. */
  values: ResultData;
  /** When editing: the result's updated_at as the form read it (a newer save meanwhile → 409). */
  updatedAt?: string;
}

/** POST /results, or PUT /results/{id} with the read version. */
export function saveResult({ id, values, updatedAt }: SaveResultInput): Promise<ResultSavedResponse> {
  if (id === undefined) return api.post<ResultSavedResponse>('/results', values);
  return api.put<ResultSavedResponse>(`/results/${encodeURIComponent(String(id))}`, updatedAt ? { ...values, updated_at: updatedAt } : values);
}

/** Create or update; afterwards the lists, the record and the child's summary are refreshed. */
export function useSaveResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveResult,
    onSuccess: (body) => {
      if (body?.data) queryClient.setQueryData(resultKeys.detail(body.data.id), body.data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: resultKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: resultKeys.summaries() }),
      ]);
    },
  });
}
