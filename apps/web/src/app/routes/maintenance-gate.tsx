import { Link, Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Wrench } from 'lucide-react';
import { useAuth } from '../../lib/auth-context.tsx';
import { useMaintenanceMode } from '../../lib/maintenance.ts';
import { useSiteInfo } from '../../lib/site-info.ts';
import { translateMessage } from '../../lib/translate-message.ts';
import { LoadingScreen } from '../../components/ui/spinner.tsx';

/**
 * Spec section 6, "Maintenance mode lets only administrators in", as docs/design-decisions.md reads it: while
 * it is on, everyone but Super Admin and Manager sees the maintenance page instead of the
 * dashboard. The router puts this gate around the dashboard only: visitors keep the public site
 * and the contact form, and sign-in stays open so administrators can get in.
 */
export function MaintenanceGate() {
  const { active } = useMaintenanceMode();
  const { isAdministrator, isLoading } = useAuth();

  if (!active || isAdministrator) return <Outlet />;
  // A stored session may still turn out to be an administrator's.
  if (isLoading) return <LoadingScreen />;
  return <MaintenancePage />;
}

export function MaintenancePage() {
  const { t, ready } = useTranslation(['admin', 'dashboard']);
  const site = useSiteInfo();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  // The dashboard's texts load on demand (lib/i18n.ts): wait for them rather than show raw keys.
  if (!ready) return <LoadingScreen />;
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
        <p className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          {/* The public site stays open during maintenance. */}
          <Link to="/" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
            {t('dashboard:sidebar.backToWebsite')}
          </Link>
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
