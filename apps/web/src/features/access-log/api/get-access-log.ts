import { queryOptions } from '@tanstack/react-query';
import type { ReadLogPage } from '@app/shared/schemas/read-log.schema';
import { api } from '../../../lib/api-client.ts';
import type { AccessLogParams } from '../components/access-log-list-spec.ts';
import { accessLogKeys } from './access-log-query-keys.ts';

/** GET /access-log: one page of who read what; the api client leaves empty filters out of the query. */
export function getAccessLog(params: AccessLogParams, signal?: AbortSignal): Promise<ReadLogPage> {
  return api.get<ReadLogPage>('/access-log', { params: { ...params }, signal });
}

export function accessLogQuery(params: AccessLogParams) {
  return queryOptions({ queryKey: accessLogKeys.list(params), queryFn: ({ signal }) => getAccessLog(params, signal) });
}
