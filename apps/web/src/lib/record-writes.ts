import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { MessageResponse } from '@app/shared/schemas/common.schema';
import { api } from './api-client.ts';

/**
 * A kind of record the dashboard saves through one form and deletes from its list (a result, a
 * month's attendance): where the API keeps it, the query key of one record, and what else a
 * change to one makes stale (the lists, the children's summaries...).
 */
export interface RecordResource {
  path: string;
  /** One record's query key, when the record is read on its own (its answer is kept or dropped). */
  detail?: (id: number | string) => QueryKey;
  refresh: (queryClient: QueryClient) => Promise<unknown>;
}

/** A record form's save: absent id, a create; with it, an update of the version the form read. */
export interface RecordSave<V> {
  id?: number | string;
  values: V;
  /** When editing: the record's updated_at as the form read it (a newer save meanwhile → 409). */
  updatedAt?: string;
}

/** POST {path}, or PUT {path}/{id} with the read version. */
export function saveRecord<R, V extends object>(path: string, { id, values, updatedAt }: RecordSave<V>): Promise<R> {
  if (id === undefined) return api.post<R>(path, values);
  return api.put<R>(`${path}/${encodeURIComponent(String(id))}`, updatedAt ? { ...values, updated_at: updatedAt } : values);
}

/** Create or update; the saved record is kept as the record's answer and the rest refreshed. */
export function useSaveRecord<V extends object, R extends { data?: { id: number } }>(resource: RecordResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordSave<V>) => saveRecord<R, V>(resource.path, input),
    onSuccess: (body) => {
      if (body?.data && resource.detail) queryClient.setQueryData(resource.detail(body.data.id), body.data);
      return resource.refresh(queryClient);
    },
  });
}

/** DELETE {path}/{id}; the record's answer is dropped and the rest refreshed (spec sections 4 and 7). */
export function useDeleteRecord(resource: RecordResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`${resource.path}/${id}`),
    onSuccess: (_body, id) => {
      if (resource.detail) queryClient.removeQueries({ queryKey: resource.detail(id) });
      return resource.refresh(queryClient);
    },
  });
}

/** A resource whose change makes only these queries stale (a list and what shows beside it). */
export function refreshing(path: string, ...stale: readonly QueryKey[]): RecordResource {
  return { path, refresh: (queryClient) => Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) };
}

/** A write to `resource` through `call` (a create, an update...); afterwards what it makes stale is refreshed. */
export function useResourceWrite<I, R>(resource: RecordResource, call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => resource.refresh(queryClient) });
}
