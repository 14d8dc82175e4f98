import { useQuery } from '@tanstack/react-query';
import { DEFAULT_ITEMS_PER_PAGE, ITEMS_PER_PAGE_OPTIONS } from '@app/shared/constants';
import { publicSettingsQuery } from '../../lib/site-info.ts';

/** Settings → Items per page from the public settings answer; the spec's default when absent or odd. */
export function itemsPerPage(answer: unknown): number {
  const value = Number((answer as { items_per_page?: unknown } | null)?.items_per_page);
  return (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(value) ? value : DEFAULT_ITEMS_PER_PAGE;
}

/**
 * The page size a list opens with: what an administrator chose under Settings → Items per page.
 * Undefined until the settings have answered (or failed), so a list does not ask for a page of
 * the wrong size first and then again.
 */
export function useDefaultPageSize(): number | undefined {
  const settings = useQuery({ ...publicSettingsQuery, select: itemsPerPage });
  if (settings.isPending) return undefined;
  return settings.data ?? DEFAULT_ITEMS_PER_PAGE;
}
