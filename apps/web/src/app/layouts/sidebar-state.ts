import { SIDEBAR_COLLAPSE_BELOW, SIDEBAR_OPEN_FROM } from '@app/shared/constants';
import type { AccessRule, SpecCheck } from '@app/shared/permissions';
import type { NavGroup, NavGroupId } from './dashboard-nav.ts';

/** Spec sections 2, 4 and 9: the sidebar's open/collapse rules, kept pure so they can be tested. */

export interface SidebarState {
  open: boolean;
  openGroups: NavGroupId[];
}

/** Stored as 'true'/'false' under STORAGE_KEYS.sidebar. */
export function parseStoredSidebar(value: string | null): boolean | null {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/**
 * On load: narrow windows always start collapsed; otherwise the saved choice wins; with nothing
 * saved the sidebar is open from 1024 px and collapsed in between.
 */
export function sidebarOpenOnLoad(stored: boolean | null, width: number): boolean {
  if (width < SIDEBAR_COLLAPSE_BELOW) return false;
  if (stored !== null) return stored;
  return width >= SIDEBAR_OPEN_FROM;
}

/**
 * On resize only crossing a threshold changes anything: dropping below 768 px collapses,
 * reaching 1024 px opens. Resizing within a band keeps the user's choice.
 */
export function sidebarOpenAfterResize(current: boolean, previousWidth: number, width: number): boolean {
  if (width < SIDEBAR_COLLAPSE_BELOW && previousWidth >= SIDEBAR_COLLAPSE_BELOW) return false;
  if (width >= SIDEBAR_OPEN_FROM && previousWidth < SIDEBAR_OPEN_FROM) return true;
  return current;
}

export function pathMatches(itemPath: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (itemPath === '/dashboard') return path === '/dashboard';
  return path === itemPath || path.startsWith(`${itemPath}/`);
}

/** The group holding the current page, opened on load. */
export function groupForPath(groups: readonly NavGroup[], pathname: string): NavGroupId | null {
  for (const group of groups) {
    if (group.items.some((item) => pathMatches(item.path, pathname))) return group.id;
  }
  return null;
}

/**
 * Clicking a group header: while collapsed it opens the sidebar and that group (never closes it);
 * while open it expands or collapses the group.
 */
export function toggleGroup(state: SidebarState, id: NavGroupId): SidebarState {
  if (!state.open) {
    return { open: true, openGroups: state.openGroups.includes(id) ? state.openGroups : [...state.openGroups, id] };
  }
  return {
    open: true,
    openGroups: state.openGroups.includes(id) ? state.openGroups.filter((g) => g !== id) : [...state.openGroups, id],
  };
}

/** Groups and items the user may see: admin-only groups for administrators, items by permission. */
export function visibleGroups(
  groups: readonly NavGroup[],
  access: { isAdministrator: boolean; can: (permission: AccessRule | SpecCheck) => boolean },
): NavGroup[] {
  return groups
    .filter((group) => !group.adminOnly || access.isAdministrator)
    .map((group) => ({ ...group, items: group.items.filter((item) => !item.permission || access.can(item.permission)) }))
    .filter((group) => group.items.length > 0);
}
