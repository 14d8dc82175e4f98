import type { dashboardTexts } from './i18n-dashboard-en.ts';
import type { publicTexts } from './i18n-public-en.ts';

/**
 * English is the source language. The public site's namespaces (i18n-public-en.ts, admin too:
 * published pages use it) come with the app's entry; the dashboard's (i18n-dashboard-en.ts) in one
 * chunk when the dashboard or a screen first asks for them. Dari (fa-AF) and Pashto (ps-AF) have
 * the same namespaces under locales/<language>/, loaded on demand (lib/i18n.ts).
 */

/** Every English namespace, for typed keys (i18next.d.ts). */
export type EnglishResources = typeof publicTexts & typeof dashboardTexts;

export const defaultNS = 'common';
/** The public site's namespaces (with the app's entry, i18n-public-en.ts); the others load with the dashboard. */
export const firstNamespaces = ['common', 'auth', 'site', 'admin'] as const;

/**
 * Every namespace: one file each in locales/en/. The glob only names the files here (nothing is
 * loaded until a language chunk is), so a new feature's texts file is a namespace by being there.
 */
export const namespaces: readonly string[] = Object.keys(import.meta.glob('../locales/en/*.json')).map((file) => file.replace(/^.*\/|\.json$/g, ''));
export const dashboardNamespaces: readonly string[] = namespaces.filter((ns) => !(firstNamespaces as readonly string[]).includes(ns));
