import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { Sidebar, SidebarDrawer } from './sidebar.tsx';
import { UserMenu } from './user-menu.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { NAV_NAMESPACES, dashboardTitle } from './dashboard-nav.ts';
import { useSidebarOpen } from './use-sidebar.ts';
import { useNarrowScreen } from './use-narrow-screen.ts';
import { useDocumentTitle } from '../../lib/page-title.ts';
import { MaintenanceBanner } from './maintenance-banner.tsx';
import { AppStatusBanners } from './app-status-banners.tsx';
import { LockdownBanner } from './lockdown-banner.tsx';
import { PhoneState } from './phone-state.tsx';
import { UnlockGate } from './unlock-gate.tsx';
import { useKeepOnThisPhone } from '../../lib/kept-classes/use-kept-classes.ts';

// What this phone has not sent yet: its own chunk, with the encrypted store it reads.
const SyncBadge = lazy(() => import('../../features/sync/components/sync-badge.tsx'));

const headerButtonClasses =
  'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300 dark:hover:bg-gray-800';

export function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const { t: navText } = useTranslation(NAV_NAMESPACES);
  const { pathname } = useLocation();
  const [open, setOpen] = useSidebarOpen();
  // Phones get the navigation as a drawer over the page; from 768 px it is a rail beside it.
  const phone = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const title = navText(dashboardTitle(pathname));
  useDocumentTitle(title);
  const railLabel = open ? t('sidebar.collapse') : t('sidebar.expand');
  // Changes kept on this phone are sent when the link returns, every minute and once unlocked;
  // loaded after the first paint, in a chunk of its own.
  useEffect(() => {
    void import('../../lib/outbox/sync.ts').then(({ startOutboxSync }) => startOutboxSync());
  }, []);
  useKeepOnThisPhone();

  return (
    <div className="flex min-h-screen bg-gray-50 dark:bg-gray-950">
      <ScrollToTop />
      {phone ? null : <Sidebar open={open} onOpenChange={setOpen} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-2 border-b border-gray-200 bg-white px-3 sm:gap-3 sm:px-4 dark:border-gray-800 dark:bg-gray-900">
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            {phone ? (
              <SidebarDrawer
                open={drawerOpen}
                onOpenChange={setDrawerOpen}
                trigger={
                  <button type="button" aria-label={t('sidebar.openMenu')} className={headerButtonClasses}>
                    <Menu className="h-5 w-5" aria-hidden />
                  </button>
                }
              />
            ) : (
              <Tooltip label={railLabel}>
                <button type="button" onClick={() => setOpen(!open)} aria-label={railLabel} aria-expanded={open} className={headerButtonClasses}>
                  {open ? <PanelLeftClose className="rtl-flip h-5 w-5" aria-hidden /> : <PanelLeftOpen className="rtl-flip h-5 w-5" aria-hidden />}
                </button>
              </Tooltip>
            )}
            <h1 className="truncate text-lg font-semibold">{title}</h1>
          </div>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            <PhoneState />
            <Suspense fallback={null}>
              <SyncBadge />
            </Suspense>
            <LanguageSwitcher compact />
            <ThemeToggle />
            <UserMenu />
          </div>
        </header>
        <LockdownBanner />
        <MaintenanceBanner />
        <AppStatusBanners />
        <main id="main" className="flex-1 p-4 sm:p-6">
          {/* Screens load on demand (see router.tsx). */}
          <UnlockGate>
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </UnlockGate>
        </main>
      </div>
    </div>
  );
}
