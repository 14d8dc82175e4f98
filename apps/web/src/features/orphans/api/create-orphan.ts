import { api, type FormValue } from '../../../lib/api-client.ts';
import { refreshing, useResourceWrite } from '../../../lib/record-writes.ts';
import { orphanKeys } from './orphan-query-keys.ts';
import type { OrphanSavedResponse } from '@app/shared/schemas/orphan.schema';

export interface CreateOrphanInput {
  /** Field values as the API names them; `profile` is a nested object. */
  values: Record<string, FormValue>;
  photo?: File | null;
}

/**
 * POST /orphans — JSON, or multipart when a photo is chosen (fields one by one, `profile` as a
 * JSON string, empty values skipped; the api client's form helper does exactly that).
 */
export function createOrphan({ values, photo }: CreateOrphanInput): Promise<OrphanSavedResponse> {
  if (photo) return api.sendForm<OrphanSavedResponse>('/orphans', { ...values, profile_photo: photo }, 'POST');
  return api.post<OrphanSavedResponse>('/orphans', values);
}

/** Afterwards the list pages and the selector other features read are refreshed. */
export function useCreateOrphan() {
  return useResourceWrite(refreshing('/orphans', orphanKeys.lists(), orphanKeys.selector()), createOrphan);
}
