import type { Namespace, TFunction } from 'i18next';
import { isLanguage } from '@app/shared/i18n/languages';
import { loadMessageCatalog } from '@app/shared/i18n/load-message-catalog';
import { localiseMessage } from '@app/shared/i18n/localise';
import { i18n } from './i18n.ts';

/**
 * Validation and server messages arrive as English sentences (from the shared zod schemas, or
 * from the API when it answered in English). Their Dari and Pashto live with the server's in one
 * catalog per language in the shared package (packages/shared/src/i18n, decision 0030), so
 * both sides say the same thing; a sentence the catalog lacks, or one the server already
 * translated, shows as it is.
 *
 * Call it with the component's `t` (any namespace) so the text follows the screen's language, or
 * with the message alone outside components (uses the app's i18next instance).
 */
export function translateMessage(message: string | undefined): string | undefined;
export function translateMessage<N extends Namespace>(t: TFunction<N>, message: string | undefined): string | undefined;
export function translateMessage(...args: [string | undefined] | [unknown, string | undefined]): string | undefined {
  const [t, message] = args.length === 2 ? args : [undefined, args[0]];
  if (!message) return message;
  // A `t` fixed to a language (getFixedT('ps-AF')) speaks that one; otherwise the app's current one.
  const language = (t as { lng?: string | null } | undefined)?.lng || i18n.resolvedLanguage || i18n.language;
  return localiseMessage(message, language);
}

/**
 * The reader's catalog, loaded when their language is (an English visitor downloads none). A
 * message shown in the moment before it arrives reads in English.
 */
function loadCatalogFor(language: string | undefined): void {
  if (isLanguage(language)) void loadMessageCatalog(language).catch(() => undefined); // offline: English, tried again next change
}
loadCatalogFor(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', loadCatalogFor);
