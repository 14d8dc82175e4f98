import common from '../locales/en/common.json';
import auth from '../locales/en/auth.json';
import site from '../locales/en/site.json';
import admin from '../locales/en/admin.json';
import type { dashboardTexts } from './i18n-dashboard-en.ts';

/**
 * English is the source language. The public site's namespaces ship in the first download (admin
 * too: published pages use it); the dashboard's arrive in one chunk (i18n-dashboard-en.ts) when the
 * dashboard or a screen first asks for them. Dari (fa-AF) and Pashto (ps-AF) have the same
 * namespaces under locales/<language>/, loaded on demand (lib/i18n.ts).
 */
export const resources = {
  en: { common, auth, site, admin },
} as const;

/** Every English namespace, for typed keys (i18next.d.ts), whether bundled or on demand. */
export type EnglishResources = (typeof resources)['en'] & typeof dashboardTexts;

export const defaultNS = 'common';
/** The namespaces in the first download; the others load with the dashboard. */
export const firstNamespaces = ['common', 'auth', 'site', 'admin'] as const;
export const dashboardNamespaces = ['dashboard', 'orphans', 'help', 'gallery', 'results', 'attendance', 'activities', 'reports'] as const;
export const namespaces = [...firstNamespaces, ...dashboardNamespaces] as const;
