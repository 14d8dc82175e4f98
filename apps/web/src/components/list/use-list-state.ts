import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_ITEMS_PER_PAGE } from '@app/shared/constants';
import { filterNames, pageSizeOptions, parseListParams, sameParams, type FilterValues, type ListParams, type ListSpec } from './list-params.ts';
import { useDefaultPageSize } from './use-default-page-size.ts';

export interface ListState<F extends string = never> {
  /** What the URL says (what the screen's inputs show). */
  params: ListParams<F>;
  /** What the server is asked: `params`, or while a filter rule is broken the last query that kept them. */
  query: ListParams<F>;
  /** False until the default page size is known; the list's query waits for it. */
  ready: boolean;
  /** The broken filter rules, by filter: shown beside the filter. */
  invalid: Partial<Record<F, string>>;
  /** The sort in effect: the URL's, else the server's default. */
  sort?: string;
  pageSizes: number[];
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSearch: (search: string) => void;
  setSort: (sort: string) => void;
  setFilters: (filters: FilterValues<F>) => void;
  resetFilters: () => void;
  hasFilters: boolean;
  /** After a row left the page (deleted, restored): step back when it was the page's last. */
  afterRemoval: (rowsOnPage: number) => void;
}

/**
 * A list's page, page size, search, filters and sort, kept in the URL: Back and Forward walk
 * through pages and filters, a reload or a shared link opens the same list, and going back from
 * a record's details returns to the page it was opened from. Typing a search replaces the entry
 * (Back leaves the list instead of replaying keystrokes).
 */
export function useListState<F extends string = never>(spec: ListSpec<F>): ListState<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  // A size the spec fixes for this list (results: 5) outranks Settings → Items per page.
  const settingsSize = useDefaultPageSize();
  const knownSize = spec.defaultPageSize ?? settingsSize;
  const defaultSize = knownSize ?? DEFAULT_ITEMS_PER_PAGE;
  const params = useMemo(() => parseListParams(searchParams, spec, defaultSize), [searchParams, spec, defaultSize]);
  const names = useMemo(() => filterNames(spec), [spec]);
  const invalid = useMemo(() => spec.check?.(params) ?? {}, [spec, params]);
  const broken = Object.keys(invalid).length > 0;

  // While a rule is broken the server is asked with the last filters it could answer, so the rows
  // stay on screen and nothing it would refuse is sent; page, size, search and sort still follow.
  // (A first load with broken filters drops them.)
  const filters = pick(params, names);
  const [lastValid, setLastValid] = useState(() => (broken ? {} : filters));
  if (!broken && !sameParams(lastValid, filters)) setLastValid(filters);
  const query = useMemo(() => (broken ? { ...omit(params, names), ...lastValid } : params), [broken, params, names, lastValid]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );

  const page = params.page;

  const setPage = useCallback((to: number) => update((next) => setOrDelete(next, 'page', to > 1 ? String(to) : '')), [update]);

  const actions = useMemo(
    () => ({
      setPage,
      setPageSize: (size: number) =>
        update((next) => {
          setOrDelete(next, 'per_page', size === defaultSize ? '' : String(size));
          next.delete('page');
        }),
      setSearch: (search: string) =>
        update((next) => {
          setOrDelete(next, 'search', search.trim());
          next.delete('page');
        }, true),
      setSort: (sort: string) =>
        update((next) => {
          setOrDelete(next, 'sort', sort);
          next.delete('page');
        }),
      // Any filter change goes back to page 1 (spec section 4).
      setFilters: (filters: FilterValues<F>) =>
        update((next) => {
          for (const [name, value] of Object.entries(filters)) setOrDelete(next, name, (value as string | undefined) ?? '');
          next.delete('page');
        }),
      resetFilters: () =>
        update((next) => {
          for (const name of names) next.delete(name);
          next.delete('page');
        }),
      // The emptied page is not a place to come back to: replace it.
      afterRemoval: (rowsOnPage: number) => {
        if (rowsOnPage <= 1 && page > 1) update((next) => setOrDelete(next, 'page', page > 2 ? String(page - 1) : ''), true);
      },
    }),
    [update, setPage, defaultSize, names, page],
  );

  return {
    params,
    query,
    ready: knownSize !== undefined,
    invalid,
    sort: params.sort ?? spec.defaultSort,
    pageSizes: pageSizeOptions(spec, defaultSize),
    hasFilters: names.some((name) => params[name] !== undefined),
    ...actions,
  };
}

function setOrDelete(query: URLSearchParams, name: string, value: string): void {
  if (value) query.set(name, value);
  else query.delete(name);
}

function pick<F extends string>(params: ListParams<F>, names: readonly F[]): FilterValues<F> {
  const out: FilterValues<F> = {};
  for (const name of names) if (params[name] !== undefined) out[name] = params[name];
  return out;
}

function omit<F extends string>(params: ListParams<F>, names: readonly F[]): ListParams<F> {
  const copy = { ...params };
  for (const name of names) delete copy[name];
  return copy;
}
