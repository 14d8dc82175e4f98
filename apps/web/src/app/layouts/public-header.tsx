import { Suspense, lazy, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { HeartHandshake, Menu } from 'lucide-react';
import { HEADER_SHRINK_AFTER } from '@app/shared/constants';
import type { Language } from '@app/shared/i18n/languages';
import { useAuth } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { useHydrated } from '../../islands/island.tsx';
import { LazyTooltip } from '../../islands/lazy-tooltip.tsx';
import { loadOnce } from '../../islands/load-once.ts';
import { PublicLanguageMenu } from '../../islands/lazy-language-menu.tsx';
import { PublicThemeToggle } from '../../islands/public-theme-toggle.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useNarrowScreen } from './use-narrow-screen.ts';
import type { PublicMenuPanelProps } from './public-menu-panel.tsx';

// Only a signed-in visitor sees the user menu: it is loaded for them, not in every visitor's first
// load, with i18next and the texts it reads (the page carries them).
const UserMenu = lazy(() =>
  import('./public-user-menu.tsx').then(async (module) => {
    await module.textsReady;
    return { default: module.PublicUserMenu };
  }),
);

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

/** The header's texts, in the page's language: props, so the island needs no i18next. */
export interface PublicHeaderLabels {
  mainNav: string;
  mobileNav: string;
  home: string;
  services: string;
  about: string;
  contact: string;
  login: string;
  signup: string;
  openMenu: string;
  closeMenu: string;
  /** The language menu's accessible name, "Language: <the page's language>". */
  language: string;
  languageSaveFailed: string;
  switchToLight: string;
  switchToDark: string;
}

/**
 * The public header, an island (decision 0038): `path` is the page's path (for the current link),
 * `organisation` the name from the settings, `language` the page's, `labels` its texts
 * (PublicShell translates them). A sign-in kept in this browser shows once hydrated. The language
 * menu, the phone menu's panel and the tooltips (Radix) load on first use.
 */
export function PublicHeader({ path, organisation, language, labels }: { path: string; organisation: string; language: Language; labels: PublicHeaderLabels }) {
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

        <nav aria-label={labels.mainNav} className="hidden items-center gap-1 md:flex">
          <NavItem to="/" path={path} end className={linkClasses}>
            {labels.home}
          </NavItem>
          <NavItem to="/Services" path={path} className={linkClasses}>
            {labels.services}
          </NavItem>
          <NavItem to="/about" path={path} className={linkClasses}>
            {labels.about}
          </NavItem>
          <NavItem to="/contact" path={path} className={linkClasses}>
            {labels.contact}
          </NavItem>
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          <PublicLanguageMenu current={language} label={labels.language} saveFailed={labels.languageSaveFailed} className="hidden md:inline-flex" />
          <PublicThemeToggle labels={labels} />
          {isAuthenticated ? (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <a href="/login" className={buttonClasses('ghost', 'sm')}>
                {labels.login}
              </a>
              <a href="/register" className={buttonClasses('primary', 'sm')}>
                {labels.signup}
              </a>
            </div>
          )}
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} organisation={organisation} labels={labels}>
            <ul className="flex flex-col gap-1">
              <li>
                <NavItem to="/" path={path} end className={mobileLinkClasses}>
                  {labels.home}
                </NavItem>
              </li>
              <li>
                <NavItem to="/Services" path={path} className={mobileLinkClasses}>
                  {labels.services}
                </NavItem>
              </li>
              <li>
                <NavItem to="/about" path={path} className={mobileLinkClasses}>
                  {labels.about}
                </NavItem>
              </li>
              <li>
                <NavItem to="/contact" path={path} className={mobileLinkClasses}>
                  {labels.contact}
                </NavItem>
              </li>
              {!isAuthenticated ? (
                <>
                  <li>
                    <NavItem to="/login" path={path} className={mobileLinkClasses}>
                      {labels.login}
                    </NavItem>
                  </li>
                  <li>
                    <NavItem to="/register" path={path} className={mobileLinkClasses}>
                      {labels.signup}
                    </NavItem>
                  </li>
                </>
              ) : null}
              <li>
                <PublicLanguageMenu current={language} label={labels.language} saveFailed={labels.languageSaveFailed} align="start" />
              </li>
            </ul>
          </MobileMenu>
        </div>
      </div>

    </header>
  );
}

const mobileLinkClasses = (state: { isActive: boolean }) => cn(linkClasses(state), 'flex min-h-11 items-center text-base');

/** The phone menu's panel (Radix Dialog), fetched on the menu button's first use. */
const loadPanel = loadOnce<ComponentType<PublicMenuPanelProps>>(async () => (await import('./public-menu-panel.tsx')).PublicMenuPanel);

const menuButtonClasses =
  'inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300 dark:hover:bg-gray-800';

/**
 * Spec section 2, mobile menu: below 768 px the header's links open in a panel on Radix Dialog
 * (public-menu-panel.tsx): focus stays in it while open, Escape, the close button or a tap outside
 * closes it, and focus returns to the menu button. A new page closes it too (the header watches
 * the path). The button is the header's own; the panel is fetched when the button is first
 * focused, pressed or clicked and opens as soon as it is there.
 */
function MobileMenu({ open, onOpenChange, organisation, labels, children }: { open: boolean; onOpenChange: (open: boolean) => void; organisation: string; labels: PublicHeaderLabels; children: ReactNode }) {
  const [Panel, setPanel] = useState<ComponentType<PublicMenuPanelProps>>();
  const button = useRef<HTMLButtonElement>(null);
  const load = () => {
    if (Panel) return;
    loadPanel().then(
      (component) => setPanel(() => component),
      () => onOpenChange(false), // offline: the button is pressed again later
    );
  };
  return (
    <>
      <LazyTooltip label={labels.openMenu}>
        <button
          ref={button}
          type="button"
          className={cn(menuButtonClasses, 'md:hidden')}
          aria-label={labels.openMenu}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? 'mobile-menu-panel' : undefined}
          data-state={open ? 'open' : 'closed'}
          onFocus={load}
          onPointerDown={load}
          onClick={() => {
            load();
            onOpenChange(true);
          }}
        >
          <Menu className="h-5 w-5" aria-hidden />
        </button>
      </LazyTooltip>
      {Panel ? (
        <Panel open={open} onOpenChange={onOpenChange} organisation={organisation} labels={labels} button={button} buttonClasses={menuButtonClasses}>
          {children}
        </Panel>
      ) : null}
    </>
  );
}
