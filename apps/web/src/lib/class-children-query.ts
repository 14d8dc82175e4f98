import { queryOptions } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '@app/shared/constants';
import type { Paged } from '@app/shared/schemas/common.schema';
import type { OrphanListItem } from '@app/shared/schemas/orphan.schema';
import { api } from './api-client.ts';
import { keptWhenUnreachable } from './kept-classes/kept-classes.ts';

/**
 * One class's active children, by last name (GET /orphans?class_grade=…, page by page at the
 * largest size), of one site when `site` is given (else of the user's only site): the rows of the
 * class screens, "Take Attendance" and "Enter class results". It lives here, below those two
 * features, as the orphan selector list does.
 */
export async function getClassChildren(grade: string, site: string, signal?: AbortSignal): Promise<OrphanListItem[]> {
  const children: OrphanListItem[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get<Paged<OrphanListItem>>('/orphans', {
      // The api client leaves an empty site out.
      params: { class_grade: grade, site_id: site, sort: 'last_name', page, per_page: MAX_PER_PAGE },
      signal,
    });
    // A missing status reads as active (spec section 3); inactive and graduated children are not taught.
    children.push(...answer.data.filter((child) => !child.status || child.status === 'active'));
    if (answer.current_page >= answer.last_page) return children;
  }
}

/** The class's children; with no server to ask, as kept on this phone when the class is kept (lib/kept-classes). */
export function classChildrenQuery(grade: string, site = '') {
  return queryOptions({
    queryKey: ['orphans', 'class', grade, site] as const,
    // Asked even when the browser says it is offline: the kept copy answers then.
    networkMode: 'offlineFirst',
    queryFn: ({ signal }) => getClassChildren(grade, site, signal).catch((err: unknown) => keptWhenUnreachable(err, { site, grade }, (kept) => kept.children)),
  });
}
