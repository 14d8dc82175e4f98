import { ChevronDown, Languages } from 'lucide-react';
import type { Language } from '@app/shared/i18n/languages';
import { cn } from '../lib/cn.ts';

/** Each language by its own name, the way its readers look for it whatever is on screen now. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', 'fa-AF': 'دری', 'ps-AF': 'پښتو' };

/** The language menu's button, the same whether Radix's menu is loaded yet (a public page's header) or not. */
export function languageTriggerClasses(className?: string): string {
  return cn(
    'inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-300 dark:hover:bg-gray-800',
    className,
  );
}

/** What the language menu's button shows: the current language by its own name. */
export function LanguageTriggerContent({ current, compact = false }: { current: Language; compact?: boolean }) {
  return (
    <>
      <Languages className="h-5 w-5" aria-hidden />
      {/* Compact (a crowded phone header): the name is still the button's accessible name. */}
      <span lang={current} className={compact ? 'hidden sm:inline' : undefined}>
        {LANGUAGE_NAMES[current]}
      </span>
      <ChevronDown className="h-4 w-4 text-gray-500" aria-hidden />
    </>
  );
}
