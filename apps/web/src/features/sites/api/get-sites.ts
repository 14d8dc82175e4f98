import type { SiteListResponse } from '@app/shared/schemas/sites.schema';
import type { ListParams } from '../../../components/list/list-params.ts';
import { listQuery } from '../../../lib/list-query.ts';
import { siteQueryKeys } from './site-query-keys.ts';

export type SiteListParams = ListParams;

/** GET /sites: a page of sites (every site for those who manage them). */
export const sitesQuery = listQuery<SiteListParams, SiteListResponse>('/sites', siteQueryKeys.list);
