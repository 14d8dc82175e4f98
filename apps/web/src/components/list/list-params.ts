import { ITEMS_PER_PAGE_OPTIONS, MAX_SEARCH_LENGTH } from '@app/shared/constants';

/**
 * What one list screen's URL may hold beyond page, page size and search: the sorts and filters
 * its server call accepts, and the rules between filters. Written once per screen as a constant.
 */
export interface ListSpec<F extends string = never> {
  /** Sort values the server accepts, '-' prefixed for descending. Others are dropped when read. */
  readonly sorts?: readonly string[];
  /** The sort the server applies when none is sent (shown as the active one in the table). */
  readonly defaultSort?: string;
  /** Each filter's name and whether a value read from the URL is one the server accepts. */
  readonly filters?: { readonly [K in F]: (value: string) => boolean };
  /** Rules between filters ('from' not after 'to'): the message for each filter that breaks one. */
  readonly check?: (params: ListParams<F>) => Partial<Record<F, string>>;
  /** The page sizes offered (the Settings default is added when missing). */
  readonly pageSizes?: readonly number[];
  /** The size the list opens with when the spec fixes one (results: 5); otherwise Settings → Items per page. */
  readonly defaultPageSize?: number;
}

/** The list's query as the server takes it; empty values are left out of the request. */
export type ListParams<F extends string = never> = {
  page: number;
  per_page: number;
  search?: string;
  sort?: string;
} & { [K in F]?: string };

export type FilterValues<F extends string> = { [K in F]?: string };

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** The sizes a list offers: its own, or the Settings options, with the default among them. */
export function pageSizeOptions(spec: ListSpec<string>, defaultSize: number): number[] {
  const sizes = new Set<number>(spec.pageSizes ?? ITEMS_PER_PAGE_OPTIONS);
  sizes.add(defaultSize);
  return [...sizes].sort((a, b) => a - b);
}

/**
 * Read a list's state from the URL. Anything the server would refuse (page 0, a page size of
 * 10,000, an unknown sort or grade) falls back to its default rather than failing the screen: a
 * bookmark or a hand-edited link always opens a working list.
 */
export function parseListParams<F extends string>(query: URLSearchParams, spec: ListSpec<F>, defaultSize: number): ListParams<F> {
  const size = positiveInt(query.get('per_page'));
  const params = {
    page: positiveInt(query.get('page')) ?? 1,
    per_page: size !== undefined && pageSizeOptions(spec, defaultSize).includes(size) ? size : defaultSize,
  } as ListParams<F>;
  const search = (query.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  if (search) params.search = search;
  const sort = query.get('sort') ?? '';
  if (spec.sorts?.includes(sort)) params.sort = sort;
  for (const [name, accepts] of Object.entries(spec.filters ?? {}) as [F, (value: string) => boolean][]) {
    const value = query.get(name);
    if (value && accepts(value)) (params as Record<string, unknown>)[name] = value;
  }
  return params;
}

/** The filter names of a spec (search and sort are not filters: Reset keeps them). */
export function filterNames<F extends string>(spec: ListSpec<F>): F[] {
  return Object.keys(spec.filters ?? {}) as F[];
}

/** The same query (for keeping the last one the server may be sent). */
export function sameParams(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
