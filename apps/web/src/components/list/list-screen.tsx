/**
 * The list-screen kit: every admin list (orphans, trash, users, roles, pages, contacts) is built
 * from these pieces, and so is the next one (results, attendance, gallery):
 *
 *   const SPEC: ListSpec<'gender'> = { filters: { gender: isGender }, sorts: [...] };  // module constant
 *   const list = useListState(SPEC);                   // page, per_page, search, filters, sort in the URL
 *   const query = useListQuery(list, thingsQuery);     // the feature's queryOptions(params)
 *   const remove = useConfirmDelete({ remove, message, done, failed, onRemoved: () => list.afterRemoval(rows.length) });
 *   <ListScreen title=... actions={<PermissionButton .../>} list={list} search={{ label }} query={query}
 *               rows={rows} meta={page numbers} empty=... error={(m) => t('x.loadError', { message: m })}>
 *     <DataTable rows={rows} rowKey=... columns={[...]} actions={[{ ..., allowed: can(...), onSelect: remove.ask }]} />
 *   </ListScreen>
 *   {remove.dialog}
 *
 * - list-params.ts: the URL's list state read with fallbacks (ListSpec, ListParams).
 * - use-list-state.ts / use-list-query.ts: the state's hook and the query that follows it;
 *   use-default-page-size.ts: Settings → Items per page, the size a list opens with.
 * - data-table.tsx / row-actions.tsx: columns (sortable; `key` ones stay on phones) and row actions
 *   shown by permission. list-states.tsx: failed / loading / empty. confirm-delete.tsx: ask, delete,
 *   toast, step back. list-search-box.tsx: the debounced search.
 * - server-field-errors.ts: a failed save's 422 field messages onto react-hook-form fields.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageMeta } from '@app/shared/schemas/list.schema';
import { Paginator } from '../ui/paginator.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { ListSearchBox } from './list-search-box.tsx';
import { ListStates, type ListStatesProps } from './list-states.tsx';
import type { ListState } from './use-list-state.ts';

export interface ListScreenProps extends Omit<ListStatesProps, 'isEmpty'> {
  /** Names the section (its heading's id labels it). */
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons beside the title (Add, Trash, Back), each behind its permission. */
  actions?: ReactNode;
  /** `card`: a panel inside another screen (the roles card under users). */
  variant?: 'page' | 'card';
  /** The URL state; without it the list is one unpaged page. */
  list?: { params: { search?: string; per_page: number } } & Pick<ListState, 'pageSizes' | 'setPage' | 'setPageSize' | 'setSearch'>;
  search?: { label: string; placeholder?: string };
  /** More controls beside the search (a filter toggle), and what they open below it. */
  toolbar?: ReactNode;
  panel?: ReactNode;
  rows: readonly unknown[];
  /** The page's numbers from the answer (current_page, last_page, from, to, total). */
  meta?: Pick<PageMeta, 'current_page' | 'last_page' | 'from' | 'to' | 'total'>;
}

export function ListScreen({ id, title, subtitle, actions, variant = 'page', list, search, toolbar, panel, rows, meta, query, children, ...states }: ListScreenProps) {
  const { t } = useTranslation();
  const card = variant === 'card';
  const titleId = `${id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className={cn('space-y-4', card && 'rounded-lg border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900')}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className={card ? 'text-lg font-semibold' : 'text-xl font-semibold'}>
            {title}
          </h2>
          {subtitle ? <p className="text-sm text-gray-600 dark:text-gray-400">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>

      {search || toolbar ? (
        <div className="flex flex-wrap items-center gap-3">
          {search && list ? <ListSearchBox value={list.params.search ?? ''} onSearch={list.setSearch} label={search.label} placeholder={search.placeholder} /> : null}
          {toolbar}
          {query.isFetching && !query.isPending ? <Spinner label={t('list.updating')} className="text-sm" /> : null}
        </div>
      ) : null}
      {panel}

      <ListStates query={query} isEmpty={rows.length === 0} {...states}>
        {children}
      </ListStates>

      {list && meta && rows.length > 0 && !query.isError ? (
        <Paginator
          currentPage={meta.current_page}
          lastPage={meta.last_page}
          onPageChange={list.setPage}
          from={meta.from}
          to={meta.to}
          total={meta.total}
          pageSize={list.params.per_page}
          pageSizeOptions={list.pageSizes}
          onPageSizeChange={list.setPageSize}
        />
      ) : null}
    </section>
  );
}
