import i18next, { type BackendModule, type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@app/shared/i18n/languages';
import { defaultNS, dashboardNamespaces, firstNamespaces } from './i18n-resources.ts';
import { renderedPage } from '../islands/rendered-page.ts';
import { formatNumber } from './format-date.ts';
import { applyDocumentLanguage, browserLanguage, reloadForLanguage, rememberLanguage, setCurrentLanguageSource, setLanguageChooser, storedLanguage } from './language.ts';

// What needs no i18next lives in language.ts (a server-rendered page's islands use it alone).
export { applyDocumentLanguage, browserLanguage, currentLanguage, directionFor, holdReloadFor, rememberLanguage, storedLanguage } from './language.ts';

/** English, Dari and Pashto; the list lives in the shared package with the server's. */
export const SUPPORTED_LANGUAGES = LANGUAGES;
export type { Language };

/**
 * Dari and Pashto are not in the first download: each language's namespaces are one chunk
 * (locales/<language>/index.ts) imported the first time that language is needed. English comes in
 * two parts (englishPart): the public site's texts, which the app's entry carries so its first
 * paint waits for nothing, and the dashboard's; a server-rendered page brings its own.
 */
const languageChunks = import.meta.glob<Record<string, Record<string, unknown>>>('../locales/*/index.ts', { import: 'default' });
const loadedChunks = new Map<string, Promise<Record<string, Record<string, unknown>>>>();

/** English comes in two parts: the public site's texts (with the app's entry) and the dashboard's. */
function englishPart(namespace: string): { key: string; load: () => Promise<Record<string, Record<string, unknown>>> } {
  const asFiles = (texts: Record<string, Record<string, unknown>>) => Object.fromEntries(Object.entries(texts).map(([ns, t]) => [`./${ns}.json`, t]));
  return (firstNamespaces as readonly string[]).includes(namespace)
    ? { key: 'en:public', load: async () => asFiles((await import('./i18n-public-en.ts')).publicTexts) }
    : { key: 'en:dashboard', load: async () => asFiles((await import('./i18n-dashboard-en.ts')).dashboardTexts) };
}

function languageChunk(language: string, namespace: string): Promise<Record<string, Record<string, unknown>>> {
  const part = language === DEFAULT_LANGUAGE ? englishPart(namespace) : { key: language, load: languageChunks[`../locales/${language}/index.ts`] };
  let chunk = loadedChunks.get(part.key);
  if (!chunk) {
    chunk = part.load ? part.load() : Promise.resolve({});
    // A failed download (a dropped slow link) is tried again next time, not remembered.
    chunk.catch(() => loadedChunks.delete(part.key));
    loadedChunks.set(part.key, chunk);
  }
  return chunk;
}

const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    // A server-rendered page brought its islands' texts with it (decision 0038).
    const page = renderedPage();
    if (page) {
      // Its own language only: the texts are whole in every language (locales.test.ts), so the
      // English fallback is not downloaded for a Dari page; a new language reloads the page.
      return callback(null, page.language === language ? (page.texts[namespace] ?? {}) : {});
    }
    languageChunk(language, namespace).then(
      // A namespace the language lacks is empty: i18next then falls back to English key by key.
      (bundles) => callback(null, bundles[`./${namespace}.json`] ?? {}),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/**
 * Keys asked for that English does not have, reported in development and tests (a raw
 * "ns:key" on screen is a bug; the production build stays quiet). `messages` is left out: it
 * is keyed by whatever English sentence the server sent, and an unknown one shows as it is.
 */
export const missingKeys = new Set<string>();
const reportMissing = import.meta.env.DEV || import.meta.env.MODE === 'test';

export const i18n = i18next.createInstance();

/**
 * Every number put into a text ({{count}}, {{total}}, {{year}}) in the text's own digits: ۱۲ in
 * Dari and Pashto, 12 in English, one digit system per language. Not grouped, as i18next writes
 * a number itself (a year stays 1405, not ۱٬۴۰۵); a screen that wants grouping passes the number
 * formatted (useFormat().number). Other values (names, messages) are left as they are.
 */
const languageDigits: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // Anything else goes back untouched (undefined included: i18next then reports the value missing).
  format: (value: unknown, _format: string | undefined, language: string | undefined) =>
    (typeof value === 'number' && Number.isFinite(value) && language ? formatNumber(value, language, { useGrouping: false, maximumFractionDigits: 20 }) : value) as string,
};

/**
 * The language this visit starts in: a server-rendered page's own (its islands hydrate in it),
 * else the one chosen in this browser, else the browser's own.
 */
export function initialLanguage(): Language {
  return renderedPage()?.language ?? storedLanguage() ?? browserLanguage();
}

/** Resolves once the first language's texts are there (at once for English); main.tsx renders after it. */
export const i18nReady: Promise<void> = i18n
  .use(lazyLanguages)
  .use(initReactI18next)
  .use(languageDigits)
  .init({
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    // The dashboard's namespaces load with it (loadDashboardTexts), or when a screen first asks.
    // A server-rendered page: just the namespaces its islands read, which it carries.
    ns: renderedPage() ? Object.keys(renderedPage()!.texts) : [...firstNamespaces],
    defaultNS,
    // React escapes already; every value goes through languageDigits.
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    initAsync: false,
    saveMissing: reportMissing,
    missingKeyHandler: (languages, namespace, key) => {
      if (namespace === 'messages') return;
      const id = `${namespace}:${key}`;
      if (missingKeys.has(id)) return;
      missingKeys.add(id);
      console.error(`Missing translation ${id} (${languages.join(', ')})`);
    },
    // Switching waits for the language's chunk inside changeLanguage; nothing needs to suspend.
    react: { useSuspense: false },
  })
  .then(
    () => undefined,
    // The chunk did not arrive: the page shows in English rather than not at all.
    () => undefined,
  );

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

// API calls ask for the language the screens show now.
setCurrentLanguageSource(() => {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
});

/**
 * How a choice reaches the screen. The dashboard (and any page the app renders) switches in place;
 * a server-rendered public page (decision 0038) is loaded again, since most of its text is HTML
 * the browser does not render.
 */
let applyChoice: (language: Language) => Promise<void> = async (language) => {
  if (i18n.language !== language) await i18n.changeLanguage(language);
};

/**
 * A server-rendered page: a new language is the same page loaded again, rendered in it. The load
 * waits for a signed-in user's profile save the switcher starts right after the choice
 * ({@link holdReloadFor}), so the stored choice is not lost with the page.
 */
export function applyLanguageChoiceByReload(): void {
  applyChoice = async (language) => {
    if (i18n.language === language) return;
    reloadForLanguage();
  };
}

/**
 * Switch to a language because someone chose it (the switcher, or a signed-in user's stored
 * choice): remembered in this browser, unlike the browser-derived default which keeps
 * following the browser.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await applyChoice(language);
}

// Whatever chooses through language.ts (a public page's header) chooses through i18next once it is here;
// on a server-rendered page a choice still loads the page again.
setLanguageChooser(chooseLanguage);
if (renderedPage()) applyLanguageChoiceByReload();

/**
 * The dashboard's texts in the current language (and English, the fallback), before its first
 * screen renders: the router awaits this with the dashboard layout, so no raw key shows meanwhile.
 */
export async function loadDashboardTexts(): Promise<void> {
  await i18nReady;
  await i18n.loadNamespaces([...dashboardNamespaces]);
}
