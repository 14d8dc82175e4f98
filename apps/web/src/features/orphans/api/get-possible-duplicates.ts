import type { OrphanDuplicateQuery, OrphanDuplicatesResponse } from '@app/shared/schemas/orphan.schema';
import { api } from '../../../lib/api-client.ts';

export type PossibleDuplicate = OrphanDuplicatesResponse['data'][number];

/** GET /orphans/possible-duplicates — children who look like the one about to be saved. */
export async function getPossibleDuplicates(query: OrphanDuplicateQuery, signal?: AbortSignal): Promise<PossibleDuplicate[]> {
  const params = { first_name: query.first_name, last_name: query.last_name, father_name: query.father_name, dob: query.dob, except: query.except };
  return (await api.get<OrphanDuplicatesResponse>('/orphans/possible-duplicates', { params: params as Record<string, string | number | undefined>, signal })).data;
}
