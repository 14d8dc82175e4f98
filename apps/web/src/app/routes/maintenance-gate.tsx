import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import { useAuth } from '../../lib/auth-context.tsx';
import { useMaintenanceMode } from '../../lib/maintenance.ts';
import { useSiteInfo } from '../../lib/site-info.ts';
import { translateMessage } from '../../lib/translate-message.ts';
import { LoadingScreen } from '../../components/ui/spinner.tsx';

/** Sign-in (and the password screens that lead to it) stay open so administrators can get in. */
const OPEN_DURING_MAINTENANCE = ['/login', '/forgot-password', '/reset-password'];

/**
 * Spec section 6, "Maintenance mode lets only administrators in": while it is on, everyone but
 * Super Admin and Manager sees the maintenance page instead of the site and dashboard.
 */
export function MaintenanceGate() {
  const { active } = useMaintenanceMode();
  const { isAdministrator, isLoading } = useAuth();
  const { pathname } = useLocation();

  if (!active || isAdministrator || OPEN_DURING_MAINTENANCE.includes(pathname.toLowerCase())) return <Outlet />;
  // A stored session may still turn out to be an administrator's.
  if (isLoading) return <LoadingScreen />;
  return <MaintenancePage />;
}

export function MaintenancePage() {
  const { t } = useTranslation('admin');
  const site = useSiteInfo();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  // A signed-in staff member signs out first, or the login page would send them straight back.
  const switchAccount = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-gray-50 px-4 dark:bg-gray-950">
      <section
        aria-labelledby="maintenance-title"
        className="w-full max-w-lg rounded-lg border border-gray-200 bg-white p-8 text-center shadow-sm dark:border-gray-800 dark:bg-gray-900"
      >
        <Wrench className="mx-auto h-12 w-12 text-brand-700 dark:text-brand-400" aria-hidden />
        <p className="mt-4 text-sm font-medium text-gray-500 dark:text-gray-400">{site.organization_name}</p>
        <h1 id="maintenance-title" className="mt-1 text-2xl font-bold">
          {t('maintenance.title')}
        </h1>
        <p className="mt-3 text-gray-600 dark:text-gray-300">
          {translateMessage(t, 'The system is under maintenance. Please try again later.')}
        </p>
        <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{t('maintenance.autoRetry')}</p>
        <p className="mt-6 text-sm">
          {user ? (
            <button type="button" onClick={() => void switchAccount()} className="font-medium text-brand-700 hover:underline dark:text-brand-400">
              {t('maintenance.switchAccount')}
            </button>
          ) : (
            <Link to="/login" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
              {t('maintenance.adminLogin')}
            </Link>
          )}
        </p>
      </section>
    </main>
  );
}
