import { i18nReady } from '../lib/i18n.ts';

/**
 * i18next for the islands that still read it (the contact form, the map, the sign-in form), set up
 * from the texts the page carries (lib/i18n.ts reads them): imported only with those islands, so
 * the header and the home page load no i18next.
 */
export const islandTextsReady = i18nReady;
