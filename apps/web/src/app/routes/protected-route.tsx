import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccessRule, SpecCheck } from '@app/shared/permissions';
import { useAuth } from '../../lib/auth-context.tsx';
import type { RedirectState } from '../../lib/navigation-state.ts';

/**
 * Spec section 2, protected-route behaviour: 'Loading...' while the stored session is checked,
 * guests to /login (remembering where they were going), signed-in users lacking the permission
 * to /unauthorized. Without `permission` only a login is needed.
 */
export function ProtectedRoute({
  permission,
  requireAll = false,
  children,
}: {
  permission?: AccessRule | SpecCheck;
  requireAll?: boolean;
  children?: ReactNode;
}) {
  const { isAuthenticated, isLoading, signedOutByUser, can } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();

  if (isLoading) {
    return (
      <p role="status" className="p-8 text-center text-gray-600 dark:text-gray-300">
        {t('status.loading')}
      </p>
    );
  }
  if (!isAuthenticated) {
    // After Sign out the page is not remembered: the next person to sign in starts at /dashboard.
    const state: RedirectState = signedOutByUser ? {} : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (permission && !can(permission, requireAll)) return <Navigate to="/unauthorized" replace />;
  return <>{children ?? <Outlet />}</>;
}
