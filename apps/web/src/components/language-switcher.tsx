import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, Languages } from 'lucide-react';
import { LANGUAGES, isLanguage, type Language } from '@app/shared/i18n/languages';
import { useAuth } from '../lib/auth-context.tsx';
import { chooseLanguage, currentLanguage, directionFor } from '../lib/i18n.ts';
import { saveUserLanguage, useUserLanguage } from '../lib/i18n-user-language.ts';
import { cn } from '../lib/cn.ts';

/** Each language by its own name, the way its readers look for it whatever is on screen now. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', 'fa-AF': 'دری', 'ps-AF': 'پښتو' };

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-gray-700 outline-none ' +
  'data-[highlighted]:bg-gray-100 dark:text-gray-200 dark:data-[highlighted]:bg-gray-800';

/**
 * The language switcher (issue 16) of the public header, the mobile menu, the dashboard header and
 * the profile page. The choice is kept in this browser and, when someone is signed in, in their
 * profile; it also applies a signed-in user's stored language after sign-in.
 */
export function LanguageSwitcher({ className, align = 'end', compact = false }: { className?: string; align?: 'start' | 'end'; compact?: boolean }) {
  const { t } = useTranslation();
  const { user, refreshUser } = useAuth();
  useUserLanguage();
  const current = currentLanguage();

  const choose = async (value: string) => {
    if (!isLanguage(value) || value === current) return;
    await chooseLanguage(value);
    if (!user || user.locale === value) return;
    try {
      await saveUserLanguage(user, value);
      await refreshUser();
    } catch {
      // sonner on demand: the public header's switcher keeps it out of a page's first load.
      const { toast } = await import('sonner');
      toast.error(t('language.saveFailed'));
    }
  };

  return (
    // Not modal, like the user menu: a modal menu leaves the page's links focusable under aria-hidden.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          'inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300 dark:hover:bg-gray-800',
          className,
        )}
        aria-label={t('language.current', { language: LANGUAGE_NAMES[current] })}
        data-testid="language-switcher"
      >
        <Languages className="h-5 w-5" aria-hidden />
        {/* Compact (a crowded phone header): the name is still the button's accessible name. */}
        <span lang={current} className={compact ? 'hidden sm:inline' : undefined}>
          {LANGUAGE_NAMES[current]}
        </span>
        <ChevronDown className="h-4 w-4 text-gray-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={8}
          className="z-50 min-w-40 rounded-md border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <DropdownMenu.RadioGroup value={current} onValueChange={(value) => void choose(value)}>
            {LANGUAGES.map((language) => (
              <DropdownMenu.RadioItem key={language} value={language} lang={language} dir={directionFor(language)} className={itemClasses}>
                <span className="inline-flex h-4 w-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="h-4 w-4" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </span>
                {LANGUAGE_NAMES[language]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
