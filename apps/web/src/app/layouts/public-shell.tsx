import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, DEFAULT_LANGUAGE } from '@app/shared/i18n/languages';
import { useSiteInfo } from '../../lib/site-info.ts';
import { Island } from '../../islands/island.tsx';
import { LANGUAGE_NAMES } from '../../components/language-trigger.tsx';
import { PublicHeader, type PublicHeaderLabels } from './public-header.tsx';
import { PublicFooter } from './public-footer.tsx';

/** Header, the page, footer: the same in the app and in a page the server renders (decision 0038). */
export function PublicShell({ path, children }: { path: string; children: ReactNode }) {
  const site = useSiteInfo();
  const { t, i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const language = isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
  // The header's texts go to it translated, in its props: the island loads no i18next.
  const labels: PublicHeaderLabels = {
    mainNav: t('nav.main'),
    mobileNav: t('nav.mobile'),
    home: t('nav.home'),
    services: t('nav.services'),
    about: t('nav.about'),
    contact: t('nav.contact'),
    login: t('nav.login'),
    signup: t('nav.signup'),
    openMenu: t('nav.openMenu'),
    closeMenu: t('nav.closeMenu'),
    language: t('language.current', { language: LANGUAGE_NAMES[language] }),
    languageSaveFailed: t('language.saveFailed'),
    switchToLight: t('theme.switchToLight'),
    switchToDark: t('theme.switchToDark'),
  };
  return (
    <div className="flex min-h-screen flex-col">
      <Island name="header" component={PublicHeader} props={{ path, organisation: site.organization_name, language, labels }} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
