import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { Notice } from './ui/notice.tsx';
import { cn } from '../lib/cn.ts';
import { translateMessage } from '../lib/translate-message.ts';

/**
 * A grid for typing one value per child and column — a class's month of attendance, a class's
 * marks. Tab moves along a row (the browser's own order); Enter moves down the column to the
 * next child (Shift+Enter up), as in a spreadsheet, so a teacher can type a whole column without
 * the mouse. On a phone (below the `sm` width) each row is a card of its own: the child's name
 * across the top, then each column's name above its control, two to a line, so every input is
 * wide enough to read what it holds in any language; the document's order, and so Tab and Enter,
 * stay the same. From `sm` up the grid scrolls sideways in its frame with the name kept in view.
 *
 * Each cell's control needs no wiring: the grid finds it by its cell.
 */
export interface EntryColumn<R> {
  id: string;
  header: ReactNode;
  cell: (row: R, index: number) => ReactNode;
  /** Narrow number columns keep a fixed width so the grid stays compact (from `sm` up). */
  className?: string;
  /** On a phone's card: the column takes the card's whole width (a text to type, a status). */
  wide?: boolean;
}

export interface EntryGridProps<R> {
  /** The grid's caption (read by screen readers; visually hidden). */
  caption: string;
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /**
   * The row's header: the child's name, kept in view when the grid scrolls sideways.
   */
  rowName: (row: R) => string;
  /** A line under the name that tells two rows of the same name apart (the father's name). */
  rowDetail?: (row: R) => string | null | undefined;
  rowHeaderLabel: ReactNode;
  columns: readonly EntryColumn<R>[];
  /**
   * A row's messages by field (its errors), listed under the row across the grid: each after its
   * column's name (`fieldLabel`), or alone when it is about no column.
   */
  rowErrors?: (row: R) => Readonly<Record<string, string | undefined>> | undefined;
  fieldLabel?: (field: string) => string | undefined;
  /** Names a row's list of messages for screen readers. */
  rowErrorsLabel?: (row: R) => string;
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

export function EntryGrid<R>({ caption, rows, rowKey, rowName, rowDetail, rowHeaderLabel, columns, rowErrors, fieldLabel, rowErrorsLabel, rowInvalid }: EntryGridProps<R>) {
  const { t } = useTranslation();
  const messagesOf = (row: R) =>
    Object.entries(rowErrors?.(row) ?? {}).map(([field, text]) => {
      const translated = translateMessage(t, text) ?? text ?? '';
      const label = fieldLabel?.(field);
      return label ? `${label}: ${translated}` : translated;
    });
  const stickyCell = 'sm:sticky sm:start-0 sm:z-10 bg-white dark:bg-gray-900';
  return (
    // The scroll padding keeps a focused cell clear of the sticky name column when Tab scrolls to it.
    <div className="sm:scroll-ps-36 sm:overflow-x-auto sm:rounded-lg sm:border sm:border-gray-200 dark:sm:border-gray-700">
      <table className="min-w-full border-separate border-spacing-0 text-sm max-sm:block" onKeyDown={moveDown}>
        <caption className="sr-only">{caption}</caption>
        {/* A phone's cards name each control beside it instead (each control is labelled for screen readers either way). */}
        <thead className="bg-gray-50 max-sm:sr-only dark:bg-gray-800">
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
        <tbody className="max-sm:block max-sm:space-y-3">
          {rows.map((row, index) => {
            const messages = messagesOf(row);
            const invalid = rowInvalid?.(row) ?? false;
            return [
              <tr
                key={rowKey(row)}
                data-entry-row
                className={cn(
                  'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-lg max-sm:border max-sm:border-gray-200 max-sm:p-3 max-sm:dark:border-gray-700',
                  invalid && 'bg-red-50 dark:bg-red-950/40',
                )}
              >
                <th
                  scope="row"
                  className={cn(
                    stickyCell,
                    'text-start font-medium sm:border-t sm:border-gray-200 sm:px-3 sm:py-2 sm:dark:border-gray-700 max-sm:col-span-2 max-sm:bg-transparent',
                    invalid && 'bg-red-50 dark:bg-red-950',
                  )}
                >
                  <span className="block">{rowName(row)}</span>
                  {rowDetail?.(row) ? <span className="block text-xs font-normal text-gray-600 dark:text-gray-400">{rowDetail(row)}</span> : null}
                </th>
                {columns.map((column) => (
                  <td
                    key={column.id}
                    data-entry-col={column.id}
                    className={cn(
                      'align-middle sm:border-t sm:border-gray-200 sm:px-2 sm:py-1.5 sm:dark:border-gray-700 max-sm:block',
                      column.wide && 'max-sm:col-span-2',
                      column.className,
                    )}
                  >
                    <span aria-hidden="true" className="mb-1 block text-xs font-semibold uppercase text-gray-600 sm:hidden dark:text-gray-300">
                      {column.header}
                    </span>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>,
              messages.length > 0 ? (
                <tr key={`${rowKey(row)}-message`} className="max-sm:block">
                  <td colSpan={columns.length + 1} className="px-3 pb-2 text-sm text-red-700 max-sm:block dark:text-red-300">
                    <ul aria-label={rowErrorsLabel?.(row)} className="list-disc ps-5">
                      {messages.map((text) => (
                        <li key={text}>{text}</li>
                      ))}
                    </ul>
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

interface EntryFormProps {
  /** How the grid is filled and saved (above it). */
  hint: ReactNode;
  /** The outcome of the last save, under the grid. */
  banner: { tone: 'error' | 'info' | 'success'; text: string } | null;
  /** The Save button: its text (with the progress while saving), disabled while busy. */
  save: { label: ReactNode; busy: boolean; onSave: () => Promise<void> };
  /** The EntryGrid. */
  children: ReactNode;
}

/** An EntryGrid as a form of its own: a hint above, the outcome and the Save button below. */
export function EntryForm({ hint, banner, save, children }: EntryFormProps) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600 dark:text-gray-400">{hint}</p>
      {children}
      {banner ? <Notice tone={banner.tone}>{banner.text}</Notice> : null}
      <div className="flex justify-end">
        <Button onClick={() => void save.onSave()} disabled={save.busy}>
          {save.label}
        </Button>
      </div>
    </div>
  );
}
