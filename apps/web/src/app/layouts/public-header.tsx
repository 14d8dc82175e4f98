import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeartHandshake, Menu, X } from 'lucide-react';
import { HEADER_SHRINK_AFTER } from '@app/shared/constants';
import { useAuth } from '../../lib/auth-context.tsx';
import { useSiteInfo } from '../../lib/site-info.ts';
import { cn } from '../../lib/cn.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useNarrowScreen } from './use-narrow-screen.ts';

// Only a signed-in visitor sees the user menu: it is loaded for them, not in every visitor's first load.
const UserMenu = lazy(() => import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })));

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'text-brand-700 dark:text-brand-400'
      : 'text-gray-700 hover:text-brand-700 dark:text-gray-300 dark:hover:text-brand-400',
  );

function useScrolledPast(offset: number): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > offset);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > offset);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [offset]);
  return scrolled;
}

export function PublicHeader() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const site = useSiteInfo();
  const scrolled = useScrolledPast(HEADER_SHRINK_AFTER);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // A new page closes the mobile menu, and so does a window grown past the phone width (the
  // panel is hidden there, and an open dialog would leave the page unusable).
  const [lastPath, setLastPath] = useState(location.pathname);
  const phone = useNarrowScreen();
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }
  if (menuOpen && !phone) setMenuOpen(false);

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={cn(
        'sticky top-0 z-40 w-full border-b transition-all duration-200',
        scrolled
          ? 'border-gray-200 bg-white/90 shadow-md backdrop-blur dark:border-gray-800 dark:bg-gray-950/90'
          : 'border-transparent bg-white dark:bg-gray-950',
      )}
    >
      <div className={cn('mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 transition-all sm:px-6', scrolled ? 'h-14' : 'h-20')}>
        <Link to="/" className="flex min-w-0 items-center gap-2 rounded-md font-semibold text-gray-900 dark:text-gray-100">
          <HeartHandshake className="h-7 w-7 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
          <span className="truncate" dir="auto">{site.organization_name}</span>
        </Link>

        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={linkClasses}>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/Services" className={linkClasses}>
            {t('nav.services')}
          </NavLink>
          <NavLink to="/about" className={linkClasses}>
            {t('nav.about')}
          </NavLink>
          <NavLink to="/contact" className={linkClasses}>
            {t('nav.contact')}
          </NavLink>
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          <LanguageSwitcher className="hidden md:inline-flex" />
          <ThemeToggle />
          {isAuthenticated ? (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link to="/login" className={buttonClasses('ghost', 'sm')}>
                {t('nav.login')}
              </Link>
              <Link to="/register" className={buttonClasses('primary', 'sm')}>
                {t('nav.signup')}
              </Link>
            </div>
          )}
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} organisation={site.organization_name}>
            <ul className="flex flex-col gap-1">
              <li>
                <NavLink to="/" end className={mobileLinkClasses}>
                  {t('nav.home')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/Services" className={mobileLinkClasses}>
                  {t('nav.services')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/about" className={mobileLinkClasses}>
                  {t('nav.about')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/contact" className={mobileLinkClasses}>
                  {t('nav.contact')}
                </NavLink>
              </li>
              {!isAuthenticated ? (
                <>
                  <li>
                    <NavLink to="/login" className={mobileLinkClasses}>
                      {t('nav.login')}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/register" className={mobileLinkClasses}>
                      {t('nav.signup')}
                    </NavLink>
                  </li>
                </>
              ) : null}
              <li>
                <LanguageSwitcher align="start" />
              </li>
            </ul>
          </MobileMenu>
        </div>
      </div>

    </header>
  );
}

const mobileLinkClasses = (state: { isActive: boolean }) => cn(linkClasses(state), 'flex min-h-11 items-center text-base');

/**
 * Spec section 2, mobile menu: below 768 px the header's links open in a panel on Radix Dialog:
 * focus stays in it while open, Escape, the close button or a tap outside closes it, and focus
 * returns to the menu button. A new page closes it too (the header watches the path).
 */
function MobileMenu({ open, onOpenChange, organisation, children }: { open: boolean; onOpenChange: (open: boolean) => void; organisation: string; children: ReactNode }) {
  const { t } = useTranslation();
  const buttonClasses =
    'inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300 dark:hover:bg-gray-800';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Tooltip label={t('nav.openMenu')}>
        <Dialog.Trigger className={cn(buttonClasses, 'md:hidden')} aria-label={t('nav.openMenu')}>
          <Menu className="h-5 w-5" aria-hidden />
        </Dialog.Trigger>
      </Tooltip>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 top-0 z-50 max-h-screen overflow-y-auto border-b border-gray-200 bg-white px-4 pb-4 shadow-lg focus:outline-none md:hidden dark:border-gray-800 dark:bg-gray-950"
        >
          <div className="flex h-16 items-center justify-between gap-2">
            <Dialog.Title className="truncate font-semibold text-gray-900 dark:text-gray-100" dir="auto">
              {organisation}
            </Dialog.Title>
            <Tooltip label={t('nav.closeMenu')}>
              <Dialog.Close className={buttonClasses} aria-label={t('nav.closeMenu')}>
                <X className="h-5 w-5" aria-hidden />
              </Dialog.Close>
            </Tooltip>
          </div>
          <nav id="mobile-menu" aria-label={t('nav.mobile')}>
            {children}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
