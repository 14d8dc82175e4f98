import { FILTER_TERMS, RESULT_TYPES, RESULTS_DEFAULT_PAGE_SIZE } from '@app/shared/constants';
import type { ListParams, ListSpec } from '../../../components/list/list-params.ts';
import { isSiteId } from '../../../components/site-options.tsx';
import type { PageOf } from '../../../components/list/use-paged-list.ts';

export type ResultFilter = 'site_id' | 'orphan_id' | 'year' | 'term' | 'result_type';
export const RESULT_FILTERS: readonly ResultFilter[] = ['site_id', 'orphan_id', 'year', 'term', 'result_type'];

const oneOf = (values: readonly string[]) => (value: string) => values.includes(value);

/** The sizes offered for a list paged in the browser; it opens at 5 (spec section 9). */
export const RESULT_PAGE_SIZES = [5, 10, 25, 50] as const;

/** The results list's URL: GET /results's filters (spec section 7); page and size stay in the browser. */
export const RESULT_LIST: ListSpec<ResultFilter> = {
  filters: {
    site_id: isSiteId,
    orphan_id: (value) => /^[1-9]\d{0,9}$/.test(value),
    year: (value) => /^\d{4}$/.test(value),
    term: oneOf(FILTER_TERMS),
    result_type: oneOf(RESULT_TYPES),
  },
  pageSizes: RESULT_PAGE_SIZES,
  defaultPageSize: RESULTS_DEFAULT_PAGE_SIZE,
};

/** What the server is asked: the filters only (the whole list comes back). */
export function resultFilters(params: ListParams<ResultFilter>): Partial<Record<ResultFilter, string>> {
  const filters: Partial<Record<ResultFilter, string>> = {};
  for (const name of RESULT_FILTERS) if (params[name]) filters[name] = params[name];
  return filters;
}

/**
 * One page of a list held whole in the browser, with the numbers the paginator reads. A page
 * past the end (the last row of the last page deleted) shows the last page.
 */
export function browserPage<T>(rows: readonly T[], page: number, perPage: number): PageOf<T> {
  const total = rows.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), lastPage);
  const start = (current - 1) * perPage;
  const slice = rows.slice(start, start + perPage);
  return {
    rows: slice,
    meta: {
      current_page: current,
      last_page: lastPage,
      per_page: perPage,
      total,
      from: slice.length ? start + 1 : null,
      to: slice.length ? start + slice.length : null,
    },
  };
}
