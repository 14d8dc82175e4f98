import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can, type AccessRule, type SpecCheck } from '@app/shared/permissions';
import { useAuth } from '../lib/auth-context.tsx';
import { Button, type ButtonProps } from './ui/button.tsx';

/**
 * Permission gating in the interface (spec section 6). This only hides what the server would
 * refuse anyway; the server enforces every permission, with the same rule objects where a route
 * and a screen share one (`ACCESS` in the shared package).
 *
 * Give either `rule` (an AccessRule: any of its roles AND all of its permissions), or
 * `permission` in the spec's notation: one name or a list (any-of unless `requireAll`), a name
 * prefixed `role:` checks a role.
 */
export type PermissionCheck =
  | { rule: AccessRule; permission?: never; requireAll?: never }
  | { permission: SpecCheck; requireAll?: boolean; rule?: never };

/** Does the signed-in user pass the rule? `useCan(ACCESS.purgeOrphans)`, `useCan('view-orphans')`. */
export function useCan(check: AccessRule | SpecCheck, requireAll = false): boolean {
  const { user } = useAuth();
  return can(user, check, requireAll);
}

function useCheck(check: PermissionCheck): boolean {
  return useCan(check.rule ?? check.permission, check.requireAll);
}

export function Can({ fallback = null, children, ...check }: PermissionCheck & { fallback?: ReactNode; children: ReactNode }) {
  return <>{useCheck(check) ? children : fallback}</>;
}

/**
 * A button that follows a permission: hidden when lacking it (default), or shown disabled at half
 * opacity with `whenDenied="disable"`.
 */
export function PermissionButton({
  permission,
  requireAll,
  rule,
  whenDenied = 'hide',
  disabled,
  title,
  ...props
}: PermissionCheck & ButtonProps & { whenDenied?: 'hide' | 'disable' }) {
  const { t } = useTranslation();
  const allowed = useCheck({ permission, requireAll, rule } as PermissionCheck);
  if (!allowed && whenDenied === 'hide') return null;
  return (
    <Button
      {...props}
      disabled={disabled || !allowed}
      aria-disabled={!allowed || undefined}
      title={allowed ? title : t('access.noPermissionHint')}
    />
  );
}
