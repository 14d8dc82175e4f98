import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { HeartHandshake, Menu, X } from 'lucide-react';
import { HEADER_SHRINK_AFTER } from '@app/shared/constants';
import { useAuth } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { useHydrated } from '../../islands/island.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useNarrowScreen } from './use-narrow-screen.ts';

// Only a signed-in visitor sees the user menu: it is loaded for them, not in every visitor's first load.
const UserMenu = lazy(() => import('./public-user-menu.tsx').then((module) => ({ default: module.PublicUserMenu })));

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'text-brand-700 dark:text-brand-400'
      : 'text-gray-700 hover:text-brand-700 dark:text-gray-300 dark:hover:text-brand-400',
  );

/**
 * The header's links are plain links: each public page is a page of its own the server renders
 * (decision 0038), and the header is an island hydrated without the app's router. `end`: only
 * this path itself, not the paths under it. Paths match regardless of case, as the routes do.
 */
function NavItem({ to, path, end = false, className, children }: { to: string; path: string; end?: boolean; className: (state: { isActive: boolean }) => string; children: ReactNode }) {
  const here = path.toLowerCase();
  const target = to.toLowerCase();
  const isActive = here === target || (!end && here.startsWith(target.endsWith('/') ? target : `${target}/`));
  return (
    <a href={to} aria-current={isActive ? 'page' : undefined} className={className({ isActive })}>
      {children}
    </a>
  );
}

function useScrolledPast(offset: number): boolean {
  // Not scrolled on the first render, as on the server; the effect reads the real position at once.
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    // The header is in the page's flow, so shrinking it moves what is below. With the browser's
    // scroll anchoring on, that move shifts the scroll position back past the offset, the header
    // grows again, and so on for ever (seen at 375 px after a reload restored a position just past
    // it). Without anchoring the position stays, so the header changes once.
    const root = document.documentElement;
    const anchoring = root.style.overflowAnchor;
    root.style.overflowAnchor = 'none';
    const onScroll = () => setScrolled(window.scrollY > offset);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      root.style.overflowAnchor = anchoring;
    };
  }, [offset]);
  return scrolled;
}

/**
 * The public header, an island (decision 0038): `path` is the page's path (for the current link),
 * `organisation` the name from the settings. A sign-in kept in this browser shows once hydrated.
 */
export function PublicHeader({ path, organisation }: { path: string; organisation: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const isAuthenticated = useAuth().isAuthenticated && hydrated;
  const scrolled = useScrolledPast(HEADER_SHRINK_AFTER);
  const [menuOpen, setMenuOpen] = useState(false);

  // A new page closes the mobile menu, and so does a window grown past the phone width (the
  // panel is hidden there, and an open dialog would leave the page unusable).
  const [lastPath, setLastPath] = useState(path);
  const phone = useNarrowScreen();
  if (lastPath !== path) {
    setLastPath(path);
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
        <a href="/" className="flex min-w-0 items-center gap-2 rounded-md font-semibold text-gray-900 dark:text-gray-100">
          <HeartHandshake className="h-7 w-7 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden />
          <span className="truncate" dir="auto">{organisation}</span>
        </a>

        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          <NavItem to="/" path={path} end className={linkClasses}>
            {t('nav.home')}
          </NavItem>
          <NavItem to="/Services" path={path} className={linkClasses}>
            {t('nav.services')}
          </NavItem>
          <NavItem to="/about" path={path} className={linkClasses}>
            {t('nav.about')}
          </NavItem>
          <NavItem to="/contact" path={path} className={linkClasses}>
            {t('nav.contact')}
          </NavItem>
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
              <a href="/login" className={buttonClasses('ghost', 'sm')}>
                {t('nav.login')}
              </a>
              <a href="/register" className={buttonClasses('primary', 'sm')}>
                {t('nav.signup')}
              </a>
            </div>
          )}
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} organisation={organisation}>
            <ul className="flex flex-col gap-1">
              <li>
                <NavItem to="/" path={path} end className={mobileLinkClasses}>
                  {t('nav.home')}
                </NavItem>
              </li>
              <li>
                <NavItem to="/Services" path={path} className={mobileLinkClasses}>
                  {t('nav.services')}
                </NavItem>
              </li>
              <li>
                <NavItem to="/about" path={path} className={mobileLinkClasses}>
                  {t('nav.about')}
                </NavItem>
              </li>
              <li>
                <NavItem to="/contact" path={path} className={mobileLinkClasses}>
                  {t('nav.contact')}
                </NavItem>
              </li>
              {!isAuthenticated ? (
                <>
                  <li>
                    <NavItem to="/login" path={path} className={mobileLinkClasses}>
                      {t('nav.login')}
                    </NavItem>
                  </li>
                  <li>
                    <NavItem to="/register" path={path} className={mobileLinkClasses}>
                      {t('nav.signup')}
                    </NavItem>
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
