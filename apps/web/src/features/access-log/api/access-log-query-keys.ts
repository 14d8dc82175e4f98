import type { AccessLogParams } from '../components/access-log-list-spec.ts';

/** Query keys of the access log: the screen's pages, its user filter, a child's "Who viewed" card. */
export const accessLogKeys = {
  all: ['access-log'] as const,
  list: (params: AccessLogParams) => [...accessLogKeys.all, 'list', params] as const,
  users: () => [...accessLogKeys.all, 'users'] as const,
  views: (orphanId: number, page: number) => [...accessLogKeys.all, 'views', orphanId, page] as const,
};
