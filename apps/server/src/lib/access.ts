import type { Permission } from '@app/shared/permissions';

/**
 * Who may call a route. Every route under /api, /storage and /download must declare one
 * (plugins/access.ts refuses to register it otherwise): deny by default.
 * - 'public': anyone; 'authenticated': any signed-in user;
 * - { can }: names as in the shared `can()` — a permission, or `role:Name` for a role;
 *   a list is any-of unless `all`. Super Admin passes every permission check.
 */
export type Access = 'public' | 'authenticated' | { can: Permission | `role:${string}` | ReadonlyArray<Permission | `role:${string}`>; all?: boolean };

export const publicAccess = { access: 'public' } as const satisfies { access: Access };
export const signedIn = { access: 'authenticated' } as const satisfies { access: Access };

export function requires(...names: Array<Permission | `role:${string}`>): { access: Access } {
  return { access: { can: names } };
}

export function requiresAll(...names: Array<Permission | `role:${string}`>): { access: Access } {
  return { access: { can: names, all: true } };
}

/** Routes that stay open while maintenance mode is on (sign-in, session, health). */
export const openInMaintenance = { maintenanceOpen: true } as const;
