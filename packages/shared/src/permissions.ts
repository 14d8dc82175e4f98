/**
 * Permission and role names: the one list both the server (which enforces) and the web app
 * (which only hides what the server would refuse) read. Names follow the spec's `action-group`.
 */
export const PERMISSIONS = [
  'view-orphans', 'create-orphans', 'edit-orphans', 'delete-orphans',
  'view-gallery', 'create-gallery', 'edit-gallery', 'delete-gallery',
  'view-results', 'create-results', 'edit-results', 'delete-results',
  'view-attendance', 'create-attendance', 'edit-attendance', 'delete-attendance',
  'view-reports',
  'view-users', 'create-users', 'edit-users', 'delete-users',
  'view-roles', 'create-roles', 'edit-roles', 'delete-roles',
  'view-pages', 'create-pages', 'edit-pages', 'delete-pages',
  'view-contacts', 'delete-contacts',
  'view-activities',
  'manage-settings',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** The client-side constants of spec section 3, mapped onto the server's names. */
export const PERMISSION = {
  orphan: { view: 'view-orphans', create: 'create-orphans', edit: 'edit-orphans', delete: 'delete-orphans' },
  gallery: { view: 'view-gallery', create: 'create-gallery', edit: 'edit-gallery', delete: 'delete-gallery' },
  result: { view: 'view-results', create: 'create-results', edit: 'edit-results', delete: 'delete-results' },
  attendance: { view: 'view-attendance', create: 'create-attendance', edit: 'edit-attendance', delete: 'delete-attendance' },
  report: { view: 'view-reports' },
  user: { view: 'view-users', create: 'create-users', edit: 'edit-users', delete: 'delete-users' },
  role: { view: 'view-roles', create: 'create-roles', edit: 'edit-roles', delete: 'delete-roles' },
  page: { view: 'view-pages', create: 'create-pages', edit: 'edit-pages', delete: 'delete-pages' },
  contact: { view: 'view-contacts', delete: 'delete-contacts' },
  activity: { view: 'view-activities' },
  settings: { manage: 'manage-settings' },
} as const satisfies Record<string, Record<string, Permission>>;

export const ROLE = {
  superAdmin: 'Super Admin',
  manager: 'Manager',
  teacher: 'Teacher',
  caseworker: 'Caseworker',
} as const;

export const ADMIN_ROLES: readonly string[] = [ROLE.superAdmin, ROLE.manager];

/** Seeded roles (decisions.md). Super Admin always holds every permission. */
export const SEEDED_ROLES: Record<string, readonly Permission[]> = {
  [ROLE.superAdmin]: PERMISSIONS,
  [ROLE.manager]: PERMISSIONS.filter((p) => p !== 'manage-settings'),
  [ROLE.teacher]: [
    'view-orphans',
    'view-results', 'create-results', 'edit-results',
    'view-attendance', 'create-attendance', 'edit-attendance',
  ],
  [ROLE.caseworker]: [
    'view-orphans', 'create-orphans', 'edit-orphans', 'delete-orphans',
    'view-gallery', 'create-gallery', 'edit-gallery', 'delete-gallery',
    'view-results', 'view-attendance', 'view-reports',
  ],
};

/** The group a permission belongs to: the part after the first hyphen (role form grouping). */
export function permissionGroup(name: string): string {
  const i = name.indexOf('-');
  return i < 0 ? name : name.slice(i + 1);
}

/** The action of a permission: the part before the first hyphen (role form checkbox label). */
export function permissionAction(name: string): string {
  const i = name.indexOf('-');
  return i < 0 ? name : name.slice(0, i);
}

export interface AccessSubject {
  roles?: ReadonlyArray<{ name: string }> | null;
  permissions?: ReadonlyArray<{ name: string }> | null;
}

export function hasRole(user: AccessSubject | null | undefined, role: string): boolean {
  return !!user?.roles?.some((r) => r.name === role);
}

export function isSuperAdmin(user: AccessSubject | null | undefined): boolean {
  return hasRole(user, ROLE.superAdmin);
}

export function isAdministrator(user: AccessSubject | null | undefined): boolean {
  return ADMIN_ROLES.some((r) => hasRole(user, r));
}

/**
 * Spec section 6: a name prefixed `role:` is a role check, anything else a permission check.
 * A list is any-of unless `requireAll`. Super Admin passes every permission check.
 */
export function can(
  user: AccessSubject | null | undefined,
  required: string | readonly string[],
  requireAll = false,
): boolean {
  if (!user) return false;
  // Checked on every request: plain loops, no closures made per call.
  if (typeof required === 'string') return grants(user, required);
  if (required.length === 0) return true;
  for (const name of required) {
    if (grants(user, name) !== requireAll) return !requireAll;
  }
  return requireAll;
}

/** One name of `can`: a role check when prefixed `role:`, else a permission (Super Admin has all). */
function grants(user: AccessSubject, name: string): boolean {
  if (name.startsWith('role:')) return hasRole(user, name.slice(5));
  if (isSuperAdmin(user)) return true;
  const permissions = user.permissions;
  if (!permissions) return false;
  for (const p of permissions) if (p.name === name) return true;
  return false;
}
