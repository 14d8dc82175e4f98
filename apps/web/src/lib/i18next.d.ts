import 'i18next';
import type { EnglishResources, defaultNS } from './i18n-resources.ts';

// Typed keys: a misspelt or missing translation key fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: EnglishResources;
  }
}
