import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth-context.tsx';
import { currentLanguage } from '../lib/i18n.ts';
import { useUserLanguage } from '../lib/i18n-user-language.ts';
import { chooseLanguageFromMenu } from '../lib/user-language-save.ts';
import { LANGUAGE_NAMES } from './language-trigger.tsx';
import { LanguageMenu } from './language-menu.tsx';

export { LANGUAGE_NAMES };

/**
 * The language switcher of the dashboard header and the profile page (a server-rendered
 * page's header has its own without i18next, loading the same menu on first use:
 * islands/lazy-language-menu.tsx). The choice is kept in this browser and, when someone is signed in, in their
 * profile; it also applies a signed-in user's stored language after sign-in.
 */
export function LanguageSwitcher({ className, align = 'end', compact = false }: { className?: string; align?: 'start' | 'end'; compact?: boolean }) {
  const { t } = useTranslation();
  const auth = useAuth();
  useUserLanguage();
  const current = currentLanguage();

  return (
    <LanguageMenu
      current={current}
      label={t('language.current', { language: LANGUAGE_NAMES[current] })}
      onChoose={(value) => void chooseLanguageFromMenu(value, current, auth, () => t('language.saveFailed'))}
      className={className}
      align={align}
      compact={compact}
    />
  );
}
