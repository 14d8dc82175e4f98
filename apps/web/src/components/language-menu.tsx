import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { LANGUAGES, type Language } from '@app/shared/i18n/languages';
import { directionFor } from '../lib/language.ts';
import { LANGUAGE_NAMES, LanguageTriggerContent, languageTriggerClasses } from './language-trigger.tsx';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-gray-700 outline-none ' +
  'data-[highlighted]:bg-gray-100 dark:text-gray-200 dark:data-[highlighted]:bg-gray-800';

export interface LanguageMenuProps {
  current: Language;
  /** The button's accessible name ("Language: English"), translated by the caller. */
  label: string;
  onChoose: (language: string) => void;
  className?: string;
  align?: 'start' | 'end';
  compact?: boolean;
  /** Open as it mounts: a public page's header loads the menu on the first press of its button. */
  defaultOpen?: boolean;
}

/**
 * The language menu on Radix DropdownMenu, without texts of its own (the caller translates its
 * label): the dashboard's switcher renders it with i18next, a server-rendered page's header with
 * its texts as props, loading it on first use (islands/lazy-language-menu.tsx).
 */
export function LanguageMenu({ current, label, onChoose, className, align = 'end', compact = false, defaultOpen }: LanguageMenuProps) {
  return (
    // Not modal, like the user menu: a modal menu leaves the page's links focusable under aria-hidden.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={languageTriggerClasses(className)} aria-label={label} data-testid="language-switcher">
        <LanguageTriggerContent current={current} compact={compact} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={8}
          className="z-50 min-w-40 rounded-md border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <DropdownMenu.RadioGroup value={current} onValueChange={onChoose}>
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
