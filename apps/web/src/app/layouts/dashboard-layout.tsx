import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { Sidebar } from './sidebar.tsx';
import { UserMenu } from './user-menu.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { dashboardTitleKey } from './dashboard-nav.ts';
import { useSidebarOpen } from './use-sidebar.ts';

export function DashboardLayout() {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const [open, setOpen] = useSidebarOpen();
  const title = t(`titles.${dashboardTitleKey(pathname)}`);

  return (
    <div className="flex min-h-screen bg-gray-50 dark:bg-gray-950">
      <ScrollToTop />
      <Sidebar open={open} onOpenChange={setOpen} />
      {/* On phones the sidebar floats over the page, so the page keeps a collapsed sidebar's width free. */}
      <div className="flex min-w-0 flex-1 flex-col ms-[70px] md:ms-0">
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-3 border-b border-gray-200 bg-white px-4 dark:border-gray-800 dark:bg-gray-900">
          <div className="flex items-center gap-3">
            <button
              type="button"
              onClick={() => setOpen(!open)}
              aria-label={open ? t('sidebar.collapse') : t('sidebar.expand')}
              className="inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
            >
              {open ? <PanelLeftClose className="rtl-flip h-5 w-5" aria-hidden /> : <PanelLeftOpen className="rtl-flip h-5 w-5" aria-hidden />}
            </button>
            <h1 className="text-lg font-semibold">{title}</h1>
          </div>
          <div className="flex items-center gap-2">
            <LanguageSwitcher compact />
            <ThemeToggle />
            <UserMenu />
          </div>
        </header>
        <main id="main" className="flex-1 p-4 sm:p-6">
          {/* Screens load on demand (see router.tsx). */}
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
