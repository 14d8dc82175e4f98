import { isSuperAdmin, type AccessSubject } from '@app/shared/permissions';
import { SENSITIVITY_CLASSES, editPermissionOf, viewPermissionOf } from '@app/shared/sensitivity';

/** The permissions that show or write a class of a child's sensitive fields (shared/sensitivity.ts). */
const SENSITIVE_PERMISSIONS: ReadonlySet<string> = new Set(SENSITIVITY_CLASSES.flatMap((c) => [viewPermissionOf(c), editPermissionOf(c)]));

/**
 * What a user holds while lockdown is on: everyone but a Super Admin holds no permission over a
 * sensitive class, so every answer that asks which classes the user sees (orphans'
 * `viewableClasses`) leaves them all out, no write can change them, and the user the sign-in and
 * `/auth/user` answer says so to the dashboard. With lockdown off, the user as they are.
 */
export function heldUnderLockdown<U extends AccessSubject & { permissions: ReadonlyArray<{ name: string }> }>(user: U, lockdown: boolean): U {
  if (!lockdown || isSuperAdmin(user)) return user;
  return { ...user, permissions: user.permissions.filter((p) => !SENSITIVE_PERMISSIONS.has(p.name)) };
}
