import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { PageMeta } from '@app/shared/schemas/list.schema';
import type { ListParams, ListSpec } from './list-params.ts';
import { useListState } from './use-list-state.ts';

/** A page of rows with its numbers, however the answer nests them. */
export interface PageOf<T> {
  rows: readonly T[];
  meta: PageMeta;
}

/** Answers with the page numbers beside `data` (orphans, trash, users). */
export const flatPage = <T>(answer: PageMeta & { data: T[] }): PageOf<T> => ({ rows: answer.data, meta: answer });
/** Answers with `data` and `meta` (pages, contacts: the spec's data.data and data.meta, unwrapped by the fetcher). */
export const nestedPage = <T>(answer: { data: T[]; meta: PageMeta }): PageOf<T> => ({ rows: answer.data, meta: answer.meta });

/**
 * A paged list screen's data: the URL state for `spec`, the query the feature's own options make
 * for it (`usersQuery(params)`), and the rows and page numbers read from the answer by `pageOf`.
 * The query waits for the default page size, and keeps the current page on screen while the next
 * one loads (on a slow link the table should not blink empty between pages or keystrokes).
 */
export function usePagedList<F extends string, TData, TKey extends QueryKey, T>(
  spec: ListSpec<F>,
  options: (params: ListParams<F>) => UseQueryOptions<TData, Error, TData, TKey>,
  pageOf: (answer: TData) => PageOf<T>,
) {
  const list = useListState(spec);
  const query = useQuery({ ...options(list.query), enabled: list.ready, placeholderData: keepPreviousData });
  const page = query.data === undefined ? undefined : pageOf(query.data);
  return { list, query, rows: page?.rows ?? [], meta: page?.meta };
}
