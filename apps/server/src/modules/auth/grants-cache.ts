import type { AuthUser } from '@app/shared/schemas/auth.schema';

type Grants = Pick<AuthUser, 'roles' | 'permissions'>;

const MAX_USERS = 5000;

/**
 * Users' roles and permissions, kept only while the database's access version is unchanged
 * (migration 0004 bumps it on every change to roles, permissions or assignments). The version is
 * read from the database on every request, so this is never staler than the database, in any
 * process; it only saves re-reading the same grants.
 */
export class GrantsCache {
  private readonly entries = new Map<number, { version: number; grants: Grants }>();

  get(userId: number, version: number): Grants | undefined {
    const e = this.entries.get(userId);
    return e && e.version === version ? e.grants : undefined;
  }

  set(userId: number, version: number, grants: Grants): void {
    if (this.entries.size >= MAX_USERS && !this.entries.has(userId)) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(userId, { version, grants });
  }
}
