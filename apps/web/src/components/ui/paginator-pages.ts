import { PAGINATOR_MAX_BUTTONS } from '@app/shared/constants';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page buttons to show: at most `maxButtons` numbered pages (spec section 9), a window centred
 * on the current page, with the first and last page and ellipses when the window does not reach them.
 */
export function paginatorPages(current: number, lastPage: number, maxButtons: number = PAGINATOR_MAX_BUTTONS): PageItem[] {
  const last = Math.max(1, Math.floor(lastPage));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  if (last <= maxButtons) return Array.from({ length: last }, (_, i) => i + 1);

  // First and last always show; the remaining slots form a window around the current page.
  const inner = Math.max(1, maxButtons - 2);
  let start = Math.max(2, page - Math.floor(inner / 2));
  let end = start + inner - 1;
  if (end > last - 1) {
    end = last - 1;
    start = Math.max(2, end - inner + 1);
  }

  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < last - 1) items.push('ellipsis-end');
  items.push(last);
  return items;
}
