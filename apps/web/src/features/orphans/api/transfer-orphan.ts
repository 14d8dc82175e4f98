import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferRequest, TransferSavedResponse } from '@app/shared/schemas/orphan.schema';
import { api } from '../../../lib/api-client.ts';
import { orphanKeys } from './orphan-query-keys.ts';

/**
 * POST /orphans/{id}/transfer: the child moves to another of the user's sites (their results and
 * attendance go with them). Afterwards every query about children is fetched again: the child and
 * their transfers, and the lists, class rosters and selectors, which are read by site.
 */
export function useTransferOrphan(orphanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferRequest) => api.post<TransferSavedResponse>(`/orphans/${orphanId}/transfer`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orphanKeys.all }),
  });
}
