/**
 * The list-screen kit: every admin list (orphans, trash, users, roles, pages, contacts) is built
 * from these pieces, and so is the next one (results, attendance, gallery):
 *
 *   const THINGS: ListSpec<'year'> = { filters: { year: isYear }, sorts: [...] };   // a module constant
 *   const things = usePagedList(THINGS, thingsQuery, flatPage);   // URL state + the feature's queryOptions
 *   const { screen, deletion } = useFeatureList<Thing>('things', { remove: useDeleteThing().mutateAsync, from: things });
 *   <ListScreen id="things" {...screen} search={{ label }} {...things}
 *               links={[{ label: t('list.trash'), to: '/things/trash', icon: Archive, check: { permission } }]}
 *               filters={{ show, hide, open: things.list.hasFilters, panel: (id) => <ThingFilters id={id} list={things.list} /> }}>
 *     <DataTable rows={things.rows} columns={[...]} actions={[{ kind: 'delete', label, allowed: can(...), onSelect: deletion.ask }]} />
 *   </ListScreen>
 *   {deletion.dialog}
 *
 * - feature-list.tsx: what follows from a feature's name (its namespace's `list` block: title,
 *   texts, Add, the confirm-delete's words); a list with other words passes them to ListScreen
 *   and useConfirmDelete itself.
 * - list-params.ts: the list state read from the URL with fallbacks (ListSpec, ListParams);
 *   use-list-state.ts its hook (page, per_page, search, filters, sort; Back and Forward work);
 *   use-default-page-size.ts: Settings → Items per page, the size a list opens with.
 * - filter-panel.tsx: the filters' panel with Reset, FilterSelect ('All' first) bound by
 *   `bindFilters(list)`, DateRangeFilter (from/to days with their rule); `filters` above shows and
 *   hides it (or pass the panel as `panel` to show it always). ../school-filters.tsx: the panel of
 *   a school record list (the child, year and class, and the list's own selects).
 * - use-paged-list.ts: state + query + rows and page numbers. An unpaged list passes `query` and `rows`.
 * - data-table.tsx / row-actions.tsx: columns (sortable; `key` ones stay on phones) and row actions
 *   shown by permission. list-states.tsx: failed / loading / empty. confirm-delete.tsx: ask, delete,
 *   toast, step back from an emptied page. list-search-box.tsx: the debounced search.
 * - form-modal.tsx: a row's add/edit form in a modal (FormModal), opened from Add or a row's Edit
 *   (useRowForm); use-form-save.ts: its form (useModalForm: ../use-schema-form.ts, saved with a
 *   toast, 422 field messages on the fields through server-field-errors.ts, the rest in one banner).
 * Beside the kit, a record's own pages: ../record-page.tsx (the page with its way back, a record's
 * loading/failed/not-found states, the add/edit page and its save-toast-return) and
 * ../form-parts.tsx (useRecordForm, sections, required labels, Cancel/Save); a school record's
 * (results, attendance): ../school-record-form-page.tsx, ../school-record-table.tsx and
 * ../summary-card.tsx; a page typing a whole class at once: ../class-roster.tsx (the class in the
 * URL, its children and states, ClassGrid) with ../entry-grid.tsx (Enter moves down; row
 * messages; EntryForm's Save).
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Filter, Plus } from 'lucide-react';
import type { PageMeta } from '@app/shared/schemas/list.schema';
import { PermissionButton, type PermissionCheck } from '../can.tsx';
import { Button } from '../ui/button.tsx';
import { Paginator } from '../ui/paginator.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { ListSearchBox } from './list-search-box.tsx';
import { ListStates, type ListStatesProps } from './list-states.tsx';
import type { ListState } from './use-list-state.ts';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

export interface ListLink {
  label: string;
  to: string;
  icon: Icon;
  /** An arrow that points the way of reading (Back), mirrored right to left. */
  mirrored?: boolean;
  check?: PermissionCheck;
}

export interface ListScreenProps extends Omit<ListStatesProps, 'isEmpty'> {
  /** Names the section (its heading's id labels it). */
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  /** The Add button: opens a form (`onClick`) or goes to one (`to`); hidden without the permission. */
  add?: { label: string; onClick?: () => void; to?: string } & PermissionCheck;
  /** Other buttons beside the title. */
  actions?: ReactNode;
  /** Links beside the title (Trash, Take Attendance, Back), each shown to those it is for (`check`). */
  links?: readonly ListLink[];
  /** `card`: a panel inside another screen (the roles card under users). */
  variant?: 'page' | 'card';
  /** The URL state; without it the list is one unpaged page. */
  list?: { params: { search?: string; per_page: number } } & Pick<ListState, 'pageSizes' | 'setPage' | 'setPageSize' | 'setSearch' | 'hasFilters'>;
  search?: { label: string; placeholder?: string };
  /** More controls beside the search, and what they open below it. */
  toolbar?: ReactNode;
  panel?: ReactNode;
  /**
   * Filters behind a Show/Hide button beside the search (lit while any filter is set), open at
   * first when `open`; `panel` draws them with the id the button controls.
   */
  filters?: { show: string; hide: string; open: boolean; panel: (id: string) => ReactNode };
  rows: readonly unknown[];
  /** The page's numbers from the answer (current_page, last_page, from, to, total). */
  meta?: PageMeta;
}

export function ListScreen({ id, title, subtitle, add, actions, links, variant = 'page', list, search, toolbar, panel, filters, rows, meta, query, children, ...states }: ListScreenProps) {
  const { t } = useTranslation();
  const [filtersOpen, setFiltersOpen] = useState(filters?.open ?? false);
  const filtersId = `${id}-filters`;
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
        {add || actions || links ? (
          <div className="flex flex-wrap items-center gap-2">
            {actions}
            {links?.map((link) => <ListLinkButton key={link.to} {...link} />)}
            {add ? <AddButton {...add} /> : null}
          </div>
        ) : null}
      </div>

      {search || toolbar || filters ? (
        <div className="flex flex-wrap items-center gap-3">
          {search && list ? <ListSearchBox value={list.params.search ?? ''} onSearch={list.setSearch} label={search.label} placeholder={search.placeholder} /> : null}
          {filters ? (
            <Button
              variant={filtersOpen || list?.hasFilters ? 'secondary' : 'outline'}
              onClick={() => setFiltersOpen((open) => !open)}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
            >
              <Filter className="h-4 w-4" aria-hidden />
              {filtersOpen ? filters.hide : filters.show}
            </Button>
          ) : null}
          {toolbar}
          {query.isFetching && !query.isPending ? <Spinner label={t('list.updating')} className="text-sm" /> : null}
        </div>
      ) : null}
      {filters && filtersOpen ? filters.panel(filtersId) : null}
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

function ListLinkButton({ label, to, icon: Icon, mirrored, check }: ListLink) {
  const content = (
    <Link to={to}>
      <Icon className={cn('h-4 w-4', mirrored && 'rtl-flip')} aria-hidden />
      {label}
    </Link>
  );
  return check ? (
    <PermissionButton {...check} variant="outline" asChild>
      {content}
    </PermissionButton>
  ) : (
    <Button asChild variant="outline">
      {content}
    </Button>
  );
}

function AddButton({ label, onClick, to, ...check }: NonNullable<ListScreenProps['add']>) {
  const content = (
    <>
      <Plus className="h-4 w-4" aria-hidden />
      {label}
    </>
  );
  return to ? (
    <PermissionButton {...check} asChild>
      <Link to={to}>{content}</Link>
    </PermissionButton>
  ) : (
    <PermissionButton {...check} onClick={onClick}>
      {content}
    </PermissionButton>
  );
}
