import type { ResultListQuery } from '@app/shared/schemas/result.schema';

/** The list's filters as the URL holds them (strings; the server parses them with the shared query schema). */
export type ResultListFilters = { [K in keyof ResultListQuery]?: string };

/**
 * Query keys of the results feature in one place: a save or delete refreshes every filtered
 * list, the record and the child's summary (all start with `resultKeys.all`).
 */
export const resultKeys = {
  all: ['results'] as const,
  lists: () => [...resultKeys.all, 'list'] as const,
  list: (filters: ResultListFilters) => [...resultKeys.lists(), filters] as const,
  details: () => [...resultKeys.all, 'detail'] as const,
  detail: (id: number | string) => [...resultKeys.details(), String(id)] as const,
  summaries: () => [...resultKeys.all, 'orphan-summary'] as const,
  summary: (orphanId: number | string) => [...resultKeys.summaries(), String(orphanId)] as const,
};
