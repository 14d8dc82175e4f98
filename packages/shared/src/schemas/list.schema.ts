/** The numbers of one page of a list, as the spec reads them from `meta` (users, pages, contacts). */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/** Lists the spec reads as `data.data` and `data.meta` (pages, contacts). */
export interface NestedPaged<T> {
  data: { data: T[]; meta: PageMeta };
}
