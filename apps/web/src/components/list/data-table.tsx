import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../ui/table.tsx';
import { cn } from '../../lib/cn.ts';
import { RowActions, allowedActions, type RowAction } from './row-actions.tsx';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The sort value this column orders by, ascending; '-' + it is descending. */
  sort?: string;
  /** Stays on phones; the other columns show from the md breakpoint (the actions always stay). */
  key?: boolean;
  /**
   * Shows once the table's frame (not the window: the sidebar takes its share) is at least this
   * wide, and drops below it, so a list with many columns loses its least needed ones first
   * instead of having them run under the actions. Overrides `key`.
   */
  from?: FrameWidth;
  /**
   * Text people typed (a name, a title): isolated in <bdi>, so a Latin name or a number inside
   * Dari reads in its own direction and does not reorder the text around it.
   */
  userText?: boolean;
  className?: string;
}

/** Rows are records with an id (their key). */
export interface DataTableProps<T extends { id: number | string }> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  /** The row's actions; the Actions column shows when the user may use at least one. */
  actions?: readonly RowAction<T>[];
  /** The sort in effect, and how to change it (columns with `sort` become buttons). */
  sort?: string;
  onSort?: (sort: string) => void;
}

const phoneHidden = 'hidden md:table-cell';

/** Container widths (Tailwind's: @md 28rem … @7xl 80rem) of the table's frame, written out whole for Tailwind to find. */
const FROM = {
  md: 'hidden @md:table-cell',
  lg: 'hidden @lg:table-cell',
  xl: 'hidden @xl:table-cell',
  '2xl': 'hidden @2xl:table-cell',
  '3xl': 'hidden @3xl:table-cell',
  '4xl': 'hidden @4xl:table-cell',
  '5xl': 'hidden @5xl:table-cell',
  '6xl': 'hidden @6xl:table-cell',
  '7xl': 'hidden @7xl:table-cell',
} as const;
export type FrameWidth = keyof typeof FROM;

const shownWhen = (column: { key?: boolean; from?: FrameWidth }) => (column.from ? FROM[column.from] : !column.key && phoneHidden);
/**
 * The actions stay at the row's end even when a narrow screen or long words make the table wider
 * than its box (it scrolls inside the box, never the page): on a phone the key columns sit at the
 * start and the actions at the end, both in view.
 */
const stickyEnd = 'sticky end-0';

export function DataTable<T extends { id: number | string }>({ rows, columns, actions, sort, onSort }: DataTableProps<T>) {
  const { t } = useTranslation();
  const usable = allowedActions(actions);
  return (
    <Table>
      <TableHead>
        <tr>
          {columns.map((column) => (
            <SortableHeader key={column.id} column={column} sort={sort} onSort={onSort} />
          ))}
          {usable.length > 0 ? <TableHeaderCell className={cn('text-end', stickyEnd, 'bg-gray-50 dark:bg-gray-800')}>{t('list.actions')}</TableHeaderCell> : null}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {columns.map((column) => (
              <TableCell key={column.id} className={cn(shownWhen(column), column.className)}>
                {column.userText ? <bdi>{column.cell(row)}</bdi> : column.cell(row)}
              </TableCell>
            ))}
            {usable.length > 0 ? (
              <TableCell className={cn(stickyEnd, 'bg-white group-hover:bg-gray-50 dark:bg-gray-900 dark:group-hover:bg-gray-800')}>
                <RowActions row={row} actions={usable} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function SortableHeader<T>({ column, sort, onSort }: { column: Column<T>; sort?: string; onSort?: (sort: string) => void }) {
  const { t } = useTranslation();
  const className = cn(shownWhen(column));
  if (!column.sort || !onSort) return <TableHeaderCell className={className}>{column.header}</TableHeaderCell>;
  const direction = sort === column.sort ? 'ascending' : sort === `-${column.sort}` ? 'descending' : undefined;
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <TableHeaderCell aria-sort={direction ?? 'none'} className={cn('whitespace-nowrap', className)}>
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase hover:text-gray-900 dark:hover:text-white"
        onClick={() => onSort(direction === 'ascending' ? `-${column.sort}` : column.sort!)}
        title={t('list.sortBy', { column: column.header })}
      >
        {column.header}
        <Icon className="h-3.5 w-3.5" aria-hidden />
      </button>
    </TableHeaderCell>
  );
}

/** A row's name as the link to its record (or to the child it is about). */
export function CellLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} dir="auto" className="font-medium text-gray-900 hover:text-brand-700 hover:underline dark:text-gray-100 dark:hover:text-brand-400">
      {children}
    </Link>
  );
}
