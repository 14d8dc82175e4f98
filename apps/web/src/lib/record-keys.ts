/**
 * The query keys of a feature's records, all under `[root]`: every list page and filter
 * combination under `lists()` (a write refreshes them all at once), one record under
 * `detail(id)`, and the children's summaries under `summaries()`.
 */
export function recordKeys<P>(root: string) {
  return {
    all: [root] as const,
    lists: () => [root, 'list'] as const,
    list: (params: P) => [root, 'list', params] as const,
    details: () => [root, 'detail'] as const,
    detail: (id: number | string) => [root, 'detail', String(id)] as const,
    summaries: () => [root, 'orphan-summary'] as const,
    summary: (orphanId: number | string) => [root, 'orphan-summary', String(orphanId)] as const,
  };
}
