import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * A grid for typing one value per child and column — a class's month of attendance, a class's
 * marks. Tab moves along a row (the browser's own order); Enter moves down the column to the
 * next child (Shift+Enter up), as in a spreadsheet, so a teacher can type a whole column without
 * the mouse. On a phone the grid scrolls sideways with the child's name kept in view.
 *
 * Each cell's control needs no wiring: the grid finds it by its cell.
 */
export interface EntryColumn<R> {
  id: string;
  header: ReactNode;
  cell: (row: R, index: number) => ReactNode;
  /** Narrow number columns keep a fixed width so the grid stays compact. */
  className?: string;
}

interface EntryGridProps<R> {
  /** The grid's caption (read by screen readers; visually hidden). */
  caption: string;
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /**
   * The row's header: the child's name, kept in view when the grid scrolls sideways; cut short on
   * phones (whole in its tooltip) so the sticky column leaves room to type.
   */
  rowName: (row: R) => string;
  rowHeaderLabel: ReactNode;
  columns: readonly EntryColumn<R>[];
  /** Shown under a row that needs attention (its errors), spanning the grid. */
  rowMessage?: (row: R) => ReactNode;
  /** Marks a row that needs attention. */
  rowInvalid?: (row: R) => boolean;
}

const CONTROL = 'input, select, textarea';

/** Enter moves to the same column of the next row (Shift+Enter: the row above). */
function moveDown(event: KeyboardEvent<HTMLTableElement>) {
  if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  if (target.tagName === 'TEXTAREA' || !target.matches(CONTROL)) return;
  const cell = target.closest<HTMLElement>('[data-entry-col]');
  const row = target.closest<HTMLElement>('[data-entry-row]');
  if (!cell || !row) return;
  // Enter in a grid never submits the surrounding form: saving is the Save button's job.
  event.preventDefault();
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('tbody [data-entry-row]')];
  const next = rows[rows.indexOf(row) + (event.shiftKey ? -1 : 1)];
  const control = next?.querySelector(`[data-entry-col="${cell.dataset.entryCol}"]`)?.querySelector<HTMLElement>(CONTROL);
  if (!control) return;
  control.focus();
  if (control instanceof HTMLInputElement) control.select();
}

export function EntryGrid<R>({ caption, rows, rowKey, rowName, rowHeaderLabel, columns, rowMessage, rowInvalid }: EntryGridProps<R>) {
  const stickyCell = 'sticky start-0 z-10 bg-white dark:bg-gray-900';
  return (
    // The scroll padding keeps a focused cell clear of the sticky name column when Tab scrolls to it.
    <div className="scroll-ps-36 overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-700">
      <table className="min-w-full border-separate border-spacing-0 text-sm" onKeyDown={moveDown}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 dark:bg-gray-800">
          <tr>
            <th scope="col" className={cn(stickyCell, 'bg-gray-50 px-3 py-2 text-start text-xs font-semibold uppercase text-gray-600 dark:bg-gray-800 dark:text-gray-300')}>
              {rowHeaderLabel}
            </th>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cn('px-2 py-2 text-start text-xs font-semibold uppercase text-gray-600 dark:text-gray-300', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const message = rowMessage?.(row);
            const invalid = rowInvalid?.(row) ?? false;
            return [
              <tr key={rowKey(row)} data-entry-row className={cn(invalid && 'bg-red-50 dark:bg-red-950/40')}>
                <th
                  scope="row"
                  className={cn(stickyCell, 'border-t border-gray-200 px-3 py-2 text-start font-medium dark:border-gray-700', invalid && 'bg-red-50 dark:bg-red-950')}
                >
                  <span className="block max-w-28 truncate sm:max-w-none" title={rowName(row)}>
                    {rowName(row)}
                  </span>
                </th>
                {columns.map((column) => (
                  <td key={column.id} data-entry-col={column.id} className={cn('border-t border-gray-200 px-2 py-1.5 align-middle dark:border-gray-700', column.className)}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>,
              message ? (
                <tr key={`${rowKey(row)}-message`}>
                  <td colSpan={columns.length + 1} className="px-3 pb-2 text-sm text-red-700 dark:text-red-300">
                    {message}
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}
