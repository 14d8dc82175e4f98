import { permissionAction, permissionGroup } from '@app/shared/permissions';

export interface PermissionOption {
  name: string;
  /** The checkbox label: the part before the first hyphen ("view" of "view-orphans"). */
  label: string;
}

export interface PermissionGroupOptions {
  /** The group: the part after the first hyphen ("orphans" of "view-orphans"). */
  group: string;
  permissions: PermissionOption[];
}

/**
 * Spec section 2, role form: checkboxes grouped by the part of the name after the first hyphen,
 * each labelled by the part before it. Groups keep the order the server lists them in.
 */
export function groupPermissions(permissions: readonly { name: string }[]): PermissionGroupOptions[] {
  const groups = new Map<string, PermissionOption[]>();
  for (const { name } of permissions) {
    const group = permissionGroup(name);
    const list = groups.get(group) ?? [];
    list.push({ name, label: permissionAction(name) });
    groups.set(group, list);
  }
  return [...groups].map(([group, list]) => ({ group, permissions: list }));
}

/** Readable words for a machine name: "view" → "View", "manage-settings" group → "Settings". */
export function humanize(word: string): string {
  const spaced = word.replace(/[-_]+/g, ' ').trim();
  return spaced ? spaced[0].toUpperCase() + spaced.slice(1) : spaced;
}
