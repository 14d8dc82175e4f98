import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth-context.tsx';
import { Button, type ButtonProps } from './ui/button.tsx';

/**
 * Permission gating in the interface (spec section 6). This only hides what the server would
 * refuse anyway; the server enforces every permission.
 *
 * `permission` takes one name or a list (any-of unless `requireAll`); a name prefixed `role:`
 * checks a role.
 */
export interface PermissionCheck {
  permission: string | readonly string[];
  requireAll?: boolean;
}

export function Can({ permission, requireAll = false, fallback = null, children }: PermissionCheck & { fallback?: ReactNode; children: ReactNode }) {
  const { can } = useAuth();
  return <>{can(permission, requireAll) ? children : fallback}</>;
}

/**
 * A button that follows a permission: hidden when lacking it (default), or shown disabled at half
 * opacity with `whenDenied="disable"`.
 */
export function PermissionButton({
  permission,
  requireAll = false,
  whenDenied = 'hide',
  disabled,
  title,
  ...props
}: PermissionCheck & ButtonProps & { whenDenied?: 'hide' | 'disable' }) {
  const { can } = useAuth();
  const { t } = useTranslation();
  const allowed = can(permission, requireAll);
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
