import type { AccessRule, Permission } from '@app/shared/permissions';

/**
 * Who may call a route. Every route under /api, /storage and /download must declare one
 * (plugins/access.ts refuses to register it otherwise): deny by default.
 * - 'public': anyone; 'authenticated': any signed-in user;
 * - an AccessRule (shared permissions.ts): any of its roles AND all of its permissions, the rule
 *   the web's `can()` applies too. Super Admin holds every permission.
 */
export type Access = 'public' | 'authenticated' | AccessRule;

export const publicAccess = { access: 'public' } as const satisfies { access: Access };
export const signedIn = { access: 'authenticated' } as const satisfies { access: Access };

/** One permission (the usual case), or a whole rule such as `ACCESS.purgeOrphans`. */
export function requires(what: Permission | AccessRule): { access: Access } {
  return { access: typeof what === 'string' ? { allPermissions: [what] } : what };
}

/** Routes that stay open while maintenance mode is on (sign-in, session, health). */
export const openInMaintenance = { maintenanceOpen: true } as const;

/** A write a phone's outbox sends: `Idempotency-Key` is honoured (plugins/idempotency.ts). */
export const idempotent = { idempotent: true } as const;
