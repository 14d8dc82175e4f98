import { STORAGE_KEYS } from '@app/shared/constants';
import { DEFAULT_LANGUAGE, isLanguage, languageOfTag, type Language } from '@app/shared/i18n/languages';
import { PREFERENCE_COOKIES } from '@app/shared/preference-cookies';
import { writePreferenceCookie } from './preference-cookie.ts';

/**
 * The reader's language without i18next: what a server-rendered public page's
 * islands need (its direction, the stored choice, remembering a new one, the language API calls
 * ask for) while its texts come rendered or as props, so a visitor to the public site does not
 * download i18next. lib/i18n.ts builds the app's translations on these.
 */

/** Scripts written right to left, by primary subtag (Dari and Pashto are ours; Arabic and Urdu would be too). */
const RTL_PRIMARY = new Set(['fa', 'ps', 'ar', 'ur']);

export function directionFor(language: string): 'rtl' | 'ltr' {
  return RTL_PRIMARY.has(language.split('-')[0].toLowerCase()) ? 'rtl' : 'ltr';
}

/** Mirror the language onto <html lang dir> so logical CSS properties flip the layout. */
export function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionFor(language);
}

/** The language chosen earlier in this browser, if any. */
export function storedLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The first of the browser's preferred languages that we have (fa, fa-AF, prs: Dari; ps: Pashto), else English. */
export function browserLanguage(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])): Language {
  for (const tag of preferred) {
    const language = tag ? languageOfTag(tag) : undefined;
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** Remember a language in this browser: localStorage for the app, a cookie the server reads for its pages. */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // storage unavailable: the choice lasts for this visit only
  }
  writePreferenceCookie(PREFERENCE_COOKIES.language, language);
}

const reloadHolds = new Set<Promise<unknown>>();

/** Work a page reload for a new language must wait for (a profile save). */
export function holdReloadFor<T>(work: Promise<T>): Promise<T> {
  reloadHolds.add(work);
  void work.finally(() => reloadHolds.delete(work)).catch(() => undefined);
  return work;
}

/**
 * Load the page again (a server-rendered page in a new language: its text is HTML), once the work
 * held for it has settled. A macrotask first: a switcher's profile save starts in the microtasks
 * right after the choice.
 */
export function reloadForLanguage(): void {
  window.setTimeout(() => {
    void Promise.allSettled([...reloadHolds]).then(() => window.location.reload());
  }, 0);
}

/** The language of the page as <html lang> says it (a server-rendered page's, or the app's once i18n set it). */
function documentLanguage(): Language {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

let languageSource: () => Language = documentLanguage;

/** lib/i18n.ts, once loaded, answers {@link currentLanguage} from i18next. */
export function setCurrentLanguageSource(source: () => Language): void {
  languageSource = source;
}

/** The language the screens show now, as one of ours (what API calls ask the server's messages in). */
export function currentLanguage(): Language {
  return languageSource();
}

/**
 * Without i18next (a server-rendered page, decision 0038): a choice is remembered and the page
 * loads again, rendered in it. lib/i18n.ts, once loaded, puts its own chooseLanguage here.
 */
let chooser: (language: Language) => Promise<void> = async (language) => {
  rememberLanguage(language);
  if (language !== currentLanguage()) reloadForLanguage();
};

export function setLanguageChooser(choose: (language: Language) => Promise<void>): void {
  chooser = choose;
}

/** Switch to a language someone chose: remembered in this browser, then shown (in place, or by loading the page again). */
export function applyLanguageChoice(language: Language): Promise<void> {
  return chooser(language);
}
