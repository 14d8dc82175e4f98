import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrphanSelectorItem, OrphanSelectorResponse } from '@app/shared/schemas/orphan.schema';
import { api } from './api-client.ts';

/**
 * GET /api/orphans?no_pagination=true — the read-only selector view (id, first_name, last_name,
 * father_name, class_grade) that the gallery, results, attendance and export forms pick a child from. It lives
 * here, below those features, because a feature never imports another feature; the orphans
 * feature refreshes it (same key) after a create, update, delete or restore.
 */
export const ORPHAN_OPTIONS_KEY = ['orphans', 'selector'] as const;

export async function getOrphanOptions(signal?: AbortSignal): Promise<OrphanSelectorItem[]> {
  const body = await api.get<OrphanSelectorResponse>('/orphans', { params: { no_pagination: true }, signal });
  return body?.data?.data ?? [];
}

export const orphanOptionsQuery = queryOptions({
  queryKey: ORPHAN_OPTIONS_KEY,
  queryFn: ({ signal }) => getOrphanOptions(signal),
  // The list of names changes rarely; do not refetch it on every form that opens.
  staleTime: 5 * 60_000,
});

export function useOrphanOptions() {
  return useQuery(orphanOptionsQuery);
}

/**
 * "First Last (father)" for a selector option; with `words` (how the reader's language names a
 * grade and an id), "First Last (father) · Grade 4 · ID 12", so two children of the same name
 * and father are told apart; with `site` (a user of several sites), the child's site after it.
 */
export function orphanOptionLabel(o: OrphanSelectorItem, words?: { grade: (grade: string) => string; id: (id: number) => string; site?: boolean }): string {
  const name = [o.first_name, o.last_name].filter(Boolean).join(' ');
  const named = o.father_name ? `${name} (${o.father_name})` : name;
  if (!words) return named;
  const grade = o.class_grade !== null && o.class_grade !== undefined ? words.grade(o.class_grade) : null;
  return [named, grade, words.id(o.id), words.site ? o.site_name : null].filter(Boolean).join(' · ');
}
