/**
 * Every namespace of this language, gathered into one chunk that lib/i18n.ts imports only when
 * the language is chosen: an English visitor downloads none of it, a Dari or Pashto reader one
 * file instead of one per namespace (slow links pay per request).
 */
const bundles: Record<string, Record<string, unknown>> = import.meta.glob('./*.json', { eager: true, import: 'default' });
export default bundles;
