import { useEffect, useState } from 'react';
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
import { UserMenu } from './user-menu.tsx';

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

  // A new page closes the mobile menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

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
        <Link to="/" className="flex items-center gap-2 font-semibold text-gray-900 dark:text-gray-100">
          <HeartHandshake className="h-7 w-7 text-brand-700 dark:text-brand-500" aria-hidden />
          <span>{site.organization_name}</span>
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

        <div className="flex items-center gap-2">
          <LanguageSwitcher className="hidden md:inline-flex" />
          <ThemeToggle />
          {isAuthenticated ? (
            <UserMenu />
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
          <button
            type="button"
            className="inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 md:hidden dark:text-gray-300 dark:hover:bg-gray-800"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <nav id="mobile-menu" aria-label={t('nav.mobile')} className="border-t border-gray-200 bg-white px-4 pb-4 pt-2 md:hidden dark:border-gray-800 dark:bg-gray-950">
          <ul className="flex flex-col gap-1">
            <li>
              <NavLink to="/" end className={linkClasses}>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/about" className={linkClasses}>
                {t('nav.about')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/contact" className={linkClasses}>
                {t('nav.contact')}
              </NavLink>
            </li>
            {!isAuthenticated ? (
              <>
                <li>
                  <NavLink to="/login" className={linkClasses}>
                    {t('nav.login')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/register" className={linkClasses}>
                    {t('nav.signup')}
                  </NavLink>
                </li>
              </>
            ) : null}
            <li>
              <LanguageSwitcher align="start" />
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
