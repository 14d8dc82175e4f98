import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { Language } from '@app/shared/i18n/languages';
import { useAuth } from '../lib/auth-context.tsx';
import { applyLanguageChoice } from '../lib/language.ts';
import { chooseLanguageFromMenu } from '../lib/user-language-save.ts';
import { loadOnce } from './load-once.ts';
import { LanguageTriggerContent, languageTriggerClasses } from '../components/language-trigger.tsx';
import type { LanguageMenuProps } from '../components/language-menu.tsx';

const loadMenu = loadOnce<ComponentType<LanguageMenuProps>>(async () => (await import('../components/language-menu.tsx')).LanguageMenu);

/** Which user's stored language was applied last (module-wide: both the header's menus read it). */
let appliedFor: string | null = null;

export interface PublicLanguageMenuProps {
  /** The page's language. */
  current: Language;
  /** The button's accessible name, "Language: …" in the page's language. */
  label: string;
  /** Said when a signed-in user's profile could not keep the choice. */
  saveFailed: string;
  className?: string;
  align?: 'start' | 'end';
}

/**
 * The public header's language menu: the same button the server rendered until
 * it is first pressed (pointer, Enter, Space or the down arrow), then Radix's menu
 * (components/language-menu.tsx), fetched then and opened at once, focus in it, so a visitor who
 * never changes language never downloads it. Hovering or focusing the button starts the fetch.
 * No i18next: the texts come as props. A choice is remembered (cookie and storage) and the page
 * loads again in it, after a signed-in user's profile has kept it.
 */
export function PublicLanguageMenu({ current, label, saveFailed, className, align = 'end' }: PublicLanguageMenuProps) {
  const auth = useAuth();
  const { user } = auth;
  const [Menu, setMenu] = useState<ComponentType<LanguageMenuProps>>();
  const opening = useRef(false);

  // After sign-in (or on a page load while signed in) the page follows the user's stored language.
  const locale = user?.locale ?? null;
  const key = user && locale ? `${user.id}:${locale}` : null;
  useEffect(() => {
    if (!key || !locale || key === appliedFor) return;
    appliedFor = key;
    if (locale !== current) void applyLanguageChoice(locale);
  }, [key, locale, current]);

  if (Menu) {
    const choose = (value: string) => void chooseLanguageFromMenu(value, current, auth, () => saveFailed);
    return <Menu current={current} label={label} onChoose={choose} className={className} align={align} defaultOpen />;
  }
  const prefetch = () => void loadMenu().catch(() => undefined);
  const open = () => {
    if (opening.current) return;
    opening.current = true;
    loadMenu().then(
      (component) => setMenu(() => component),
      () => {
        opening.current = false; // offline: the next press tries again
      },
    );
  };
  return (
    <button
      type="button"
      className={languageTriggerClasses(className)}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-testid="language-switcher"
      onPointerEnter={prefetch}
      onFocus={prefetch}
      // As Radix's trigger: the primary button opens it on press; Enter and Space by their click.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) open();
      }}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          open();
        }
      }}
    >
      <LanguageTriggerContent current={current} />
    </button>
  );
}
