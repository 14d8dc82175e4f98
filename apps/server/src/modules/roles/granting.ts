import type { Kysely } from 'kysely';
import { ADMINISTER, ROLE, can, isSuperAdmin, type AccessSubject } from '@app/shared/permissions';
import { ROLE_MSG } from '@app/shared/schemas/role.schema';
import { USER_MSG } from '@app/shared/schemas/user.schema';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { permissionsOfRoles } from './roles.repository.ts';

/**
 * Granting access (docs/design-decisions.md): nobody grants, through any route, a permission
 * they do not hold themselves; only a Super Admin grants Super Admin, or gives a role `administer`
 * or takes it away (what makes an administrator); nobody strips a role they
 * hold of the permissions that let them manage roles. Checked inside the write's transaction,
 * so a role changed meanwhile is judged as it is now.
 */
export type Actor = AccessSubject & { id: number };

/** The permissions that let a holder manage roles: a role its holder edits keeps them. */
export const ROLE_MANAGEMENT = ['view-roles', 'edit-roles'] as const;

export function assertMayGrantPermissions(actor: Actor, names: readonly string[]): void {
  if (names.some((n) => !can(actor, n))) throw AppError.forbidden(ROLE_MSG.grantOwn);
}

/** `administer` added to a role or taken from it: a Super Admin's decision only. */
export function assertMayChangeAdminister(actor: Actor, before: readonly string[], after: readonly string[]): void {
  if (before.includes(ADMINISTER) !== after.includes(ADMINISTER) && !isSuperAdmin(actor)) throw AppError.forbidden(ROLE_MSG.administerSuperAdminOnly);
}

/** Do these roles together make their holder an administrator? */
export async function rolesAdminister(trx: Kysely<DB>, roleIds: number[]): Promise<boolean> {
  const permissions = await permissionsOfRoles(trx, roleIds);
  return [...permissions.values()].some((list) => list.some((p) => p.name === ADMINISTER));
}

/** Roles given to a user that they did not hold: each must grant nothing beyond what the actor holds. */
export async function assertMayGrantRoles(trx: Kysely<DB>, actor: Actor, added: ReadonlyArray<{ id: number; name: string }>): Promise<void> {
  if (!added.length) return;
  if (added.some((r) => r.name === ROLE.superAdmin) && !isSuperAdmin(actor)) throw AppError.forbidden(USER_MSG.superAdminOnly);
  const permissions = await permissionsOfRoles(trx, added.map((r) => r.id));
  assertMayGrantPermissions(actor, [...permissions.values()].flat().map((p) => p.name));
}
