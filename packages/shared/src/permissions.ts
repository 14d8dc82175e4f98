/**
 * Permission and role names: the one list both the server (which enforces) and the web app
 * (which only hides what the server would refuse) read. Names follow the spec's `action-group`.
 */
export const PERMISSIONS = [
  'view-orphans', 'create-orphans', 'edit-orphans', 'delete-orphans',
  // Need to know (sensitivity.ts): who sees, and who writes, each class of a child's sensitive fields.
  'view-identity', 'edit-identity',
  'view-medical', 'edit-medical',
  'view-contact', 'edit-contact',
  'view-family', 'edit-family',
  'view-donor', 'edit-donor',
  'view-finance', 'edit-finance',
  'view-notes', 'edit-notes',
  'view-gallery', 'create-gallery', 'edit-gallery', 'delete-gallery',
  'view-results', 'create-results', 'edit-results', 'delete-results',
  'view-attendance', 'create-attendance', 'edit-attendance', 'delete-attendance',
  'view-reports',
  'view-users', 'create-users', 'edit-users', 'delete-users',
  'view-roles', 'create-roles', 'edit-roles', 'delete-roles',
  'view-pages', 'create-pages', 'edit-pages', 'delete-pages',
  'view-contacts', 'delete-contacts',
  'view-activities',
  // Who opened a child's record or their files, and the exports (modules/read-log). Seeded with Super Admin and Manager.
  'view-access-log',
  'manage-settings',
  // The sites (homes, college) children belong to and staff hold: a Super Admin's list by default.
  'manage-sites',
  // Bringing children, results and attendance in from a spreadsheet, and undoing such an import.
  // Seeded with Super Admin and Manager.
  'import-records',
  // Being an administrator (spec section 2): a property of the role, not of its name, which only a
  // Super Admin gives or takes (roles/granting.ts). Seeded with Super Admin and Manager.
  'administer',
  // Lockdown (modules/lockdown): ends every other session, closes the staff API and hides every
  // sensitive class from everyone else in one step. Seeded with Super Admin only.
  'lockdown',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

type CrudOf<G extends string> = `view-${G}` | `create-${G}` | `edit-${G}` | `delete-${G}`;
/** A group with all four of view/create/edit/delete (`orphans`, `results`, `users`, ...), read off PERMISSIONS. */
export type CrudGroup = { [P in Permission]: P extends `create-${infer G}` ? (CrudOf<G> extends Permission ? G : never) : never }[Permission];

/** The four permissions of such a group, by action: a new group needs no entry of its own. */
export function crudPermissions<G extends CrudGroup>(group: G) {
  return { view: `view-${group}`, create: `create-${group}`, edit: `edit-${group}`, delete: `delete-${group}` } as const;
}

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
  accessLog: { view: 'view-access-log' },
  settings: { manage: 'manage-settings' },
  site: { manage: 'manage-sites' },
  imports: { import: 'import-records' },
  administration: { administer: 'administer' },
  lockdown: { start: 'lockdown' },
} as const satisfies Record<string, Record<string, Permission>>;

export const ROLE = {
  superAdmin: 'Super Admin',
  manager: 'Manager',
  teacher: 'Teacher',
  caseworker: 'Caseworker',
} as const;

export type RoleName = (typeof ROLE)[keyof typeof ROLE];

/** The permission that makes its holder an administrator. */
export const ADMINISTER = 'administer' satisfies Permission;

/** Seeded roles (docs/design-decisions.md). Super Admin always holds every permission. */
export const SEEDED_ROLES: Record<string, readonly Permission[]> = {
  [ROLE.superAdmin]: PERMISSIONS,
  [ROLE.manager]: PERMISSIONS.filter((p) => p !== 'manage-settings' && p !== 'manage-sites' && p !== 'lockdown'),
  [ROLE.teacher]: [
    'view-orphans',
    'view-results', 'create-results', 'edit-results',
    'view-attendance', 'create-attendance', 'edit-attendance',
  ],
  [ROLE.caseworker]: [
    'view-orphans', 'create-orphans', 'edit-orphans', 'delete-orphans',
    'view-identity', 'edit-identity', 'view-medical', 'edit-medical', 'view-contact', 'edit-contact',
    'view-family', 'edit-family', 'view-notes', 'edit-notes',
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
  const roles = user?.roles;
  if (!roles) return false;
  for (const r of roles) if (r.name === role) return true;
  return false;
}

export function isSuperAdmin(user: AccessSubject | null | undefined): boolean {
  return hasRole(user, ROLE.superAdmin);
}

export function isAdministrator(user: AccessSubject | null | undefined): boolean {
  return can(user, ACCESS.administrators);
}

/**
 * Who may do something: the one access rule of the server's routes and the web's `can()`.
 * Every part given must hold (AND); a part left out or empty does not count. Super Admin holds every
 * permission, but only the roles it has. An empty rule lets any signed-in user through.
 */
export interface AccessRule {
  /** Holds at least one of these roles. */
  readonly anyRole?: readonly RoleName[];
  /** Holds every one of these permissions. */
  readonly allPermissions?: readonly Permission[];
  /** Holds at least one of these permissions. */
  readonly anyPermission?: readonly Permission[];
}

/** The seeded roles' names: fixed (never renamed), and no other role may take a name like one. */
export const SEEDED_ROLE_NAMES: readonly string[] = Object.keys(SEEDED_ROLES);

/**
 * Rules that both the server's route and a web screen apply, named once so the two cannot drift.
 * Administrators (spec section 2: Super Admin and Manager, as seeded) are those holding
 * `administer`, never a role's name, which those managing roles may edit. Administrator AND a
 * permission: stripping a Manager role of the permission closes the door.
 */
export const ACCESS = {
  administrators: { allPermissions: [ADMINISTER] },
  contacts: { allPermissions: [ADMINISTER, 'view-contacts'] },
  deleteContacts: { allPermissions: [ADMINISTER, 'delete-contacts'] },
  // The whole activity log (who changed what): an administrator's screen, closed by stripping the permission.
  activities: { allPermissions: [ADMINISTER, 'view-activities'] },
  // Purging cannot be undone: administrators who still hold delete-orphans.
  purgeOrphans: { allPermissions: [ADMINISTER, 'delete-orphans'] },
  // Excel exports: the Reports permission AND the view permission of the data exported.
  exportOrphans: { allPermissions: ['view-reports', 'view-orphans'] },
  exportResults: { allPermissions: ['view-reports', 'view-results'] },
  exportAttendance: { allPermissions: ['view-reports', 'view-attendance'] },
} as const satisfies Record<string, AccessRule>;

/**
 * Spec section 6 notation, kept for the screens written in it: a name prefixed `role:` is a role,
 * anything else a permission; a list is any-of unless `requireAll`.
 */
export type SpecCheck = string | readonly string[];

/** One name of the spec notation as a rule: `role:X` is `{anyRole: [X]}`, a permission `{allPermissions: [p]}`. */
export function ruleForName(name: string): AccessRule {
  // Roles are data (administrators add their own), so a name from the notation may be any role.
  if (name.startsWith('role:')) return { anyRole: [name.slice(5) as RoleName] };
  return { allPermissions: [name as Permission] };
}

/**
 * Does the user pass the rule? `can(user, ACCESS.purgeOrphans)`, or in the spec's notation
 * `can(user, 'view-orphans')`, `can(user, ['role:Manager', 'view-users'], true)`.
 */
export function can(user: AccessSubject | null | undefined, check: AccessRule | SpecCheck, requireAll = false): boolean {
  if (!user) return false;
  if (typeof check === 'string') return allows(user, ruleForName(check));
  if (!isNameList(check)) return allows(user, check);
  if (check.length === 0) return true;
  for (const name of check) {
    if (allows(user, ruleForName(name)) !== requireAll) return !requireAll;
  }
  return requireAll;
}

function isNameList(check: AccessRule | readonly string[]): check is readonly string[] {
  return Array.isArray(check);
}

// The server checks a rule on every request: plain loops, no closures made per call.
function allows(user: AccessSubject, rule: AccessRule): boolean {
  const roles = rule.anyRole;
  if (roles?.length) {
    let found = false;
    for (const role of roles) if (hasRole(user, role)) found = true;
    if (!found) return false;
  }
  const all = rule.allPermissions;
  const any = rule.anyPermission;
  if (!all?.length && !any?.length) return true;
  if (isSuperAdmin(user)) return true;
  if (all) for (const p of all) if (!holds(user, p)) return false;
  if (!any?.length) return true;
  for (const p of any) if (holds(user, p)) return true;
  return false;
}

function holds(user: AccessSubject, permission: string): boolean {
  const permissions = user.permissions;
  if (!permissions) return false;
  for (const p of permissions) if (p.name === permission) return true;
  return false;
}
