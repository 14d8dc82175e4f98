import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { GENDERS, GRADES, ORPHAN_DEFAULT_PAGE_SIZE, ORPHAN_PAGE_SIZES } from '@app/shared/constants';
import { ORPHAN_SORTS } from '@app/shared/schemas/orphan.schema';
import type { OrphanListParams } from '../api/orphan-types.ts';

export type OrphanFilterKey = 'search' | 'gender' | 'class_grade' | 'admission_from' | 'admission_to' | 'sort';
export type OrphanFilters = Partial<Record<OrphanFilterKey, string>>;

const FILTER_KEYS: OrphanFilterKey[] = ['search', 'gender', 'class_grade', 'admission_from', 'admission_to', 'sort'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * The list's page, page size, search and filters, kept in the URL query so that going back from
 * a child's details, or reloading on a flaky connection, returns to the same page. Anything the
 * server would refuse (an unknown grade, a page size of 10,000) is dropped when read.
 */
export function parseOrphanListParams(search: URLSearchParams): OrphanListParams {
  const perPage = positiveInt(search.get('per_page'), ORPHAN_DEFAULT_PAGE_SIZE);
  const gender = search.get('gender') ?? '';
  const grade = search.get('class_grade') ?? '';
  const from = search.get('admission_from') ?? '';
  const to = search.get('admission_to') ?? '';
  const sort = search.get('sort') ?? '';
  const text = (search.get('search') ?? '').trim();
  const params: OrphanListParams = {
    page: positiveInt(search.get('page'), 1),
    per_page: (ORPHAN_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : ORPHAN_DEFAULT_PAGE_SIZE,
  };
  if (text) params.search = text;
  if ((GENDERS as readonly string[]).includes(gender)) params.gender = gender;
  if ((GRADES as readonly string[]).includes(grade)) params.class_grade = grade;
  if (DATE.test(from)) params.admission_from = from;
  if (DATE.test(to)) params.admission_to = to;
  if ((ORPHAN_SORTS as readonly string[]).includes(sort)) params.sort = sort;
  return params;
}

export function useOrphanListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseOrphanListParams(searchParams), [searchParams]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        // Typing and filtering replace the entry so Back leaves the list instead of replaying keystrokes.
        { replace: true },
      );
    },
    [setSearchParams],
  );

  /** Any filter change goes back to page 1 (spec section 4). */
  const setFilters = useCallback(
    (filters: OrphanFilters) =>
      update((next) => {
        for (const [key, value] of Object.entries(filters)) {
          if (value && value.trim()) next.set(key, key === 'search' ? value.trim() : value);
          else next.delete(key);
        }
        next.delete('page');
      }),
    [update],
  );

  const resetFilters = useCallback(
    () =>
      update((next) => {
        for (const key of FILTER_KEYS) if (key !== 'search' && key !== 'sort') next.delete(key);
        next.delete('page');
      }),
    [update],
  );

  const setPage = useCallback(
    (page: number) =>
      update((next) => {
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
      }),
    [update],
  );

  /** A page-size change also goes back to page 1. */
  const setPageSize = useCallback(
    (size: number) =>
      update((next) => {
        if (size === ORPHAN_DEFAULT_PAGE_SIZE) next.delete('per_page');
        else next.set('per_page', String(size));
        next.delete('page');
      }),
    [update],
  );

  return { params, setFilters, resetFilters, setPage, setPageSize };
}
