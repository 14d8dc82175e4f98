import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@app/shared/constants';
import { resources, defaultNS, namespaces } from './i18n-resources.ts';

/** Languages written right to left. Dari (fa) and Pashto (ps) arrive in a later issue. */
const RTL_LANGUAGES = new Set(['fa', 'ps', 'ar', 'ur']);
export const SUPPORTED_LANGUAGES = Object.keys(resources);

export function directionFor(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(language.split('-')[0]) ? 'rtl' : 'ltr';
}

/** Mirror the language onto <html lang dir> so logical CSS properties flip the layout. */
export function applyDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionFor(language);
}

function storedLanguage(): string | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.language);
    return value && SUPPORTED_LANGUAGES.includes(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage() ?? 'en',
  fallbackLng: 'en',
  ns: namespaces,
  defaultNS,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
});

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', (language) => {
  applyDocumentLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // storage unavailable: the choice lasts for this visit only
  }
});
