import type { Language } from './languages.ts';
import { hasMessageCatalog, registerMessageCatalog, type MessageCatalog } from './localise.ts';
import dari from './messages.fa-AF.json';
import pashto from './messages.ps-AF.json';

/** Every translated language's catalog, keyed by the English message. */
export const MESSAGE_CATALOGS: Readonly<Record<Exclude<Language, 'en'>, MessageCatalog>> = { 'fa-AF': dari, 'ps-AF': pashto };

/**
 * Both catalogs at once, for the server (it answers in whichever language a request asks) and
 * for tests. The web does not import this module: it loads the one catalog its reader needs
 * (load-message-catalog.ts), so an English visitor downloads neither.
 */
export function registerAllMessageCatalogs(): void {
  for (const [language, catalog] of Object.entries(MESSAGE_CATALOGS) as Array<[Language, MessageCatalog]>) {
    if (!hasMessageCatalog(language)) registerMessageCatalog(language, catalog);
  }
}
