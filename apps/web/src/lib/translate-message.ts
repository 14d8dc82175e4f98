import { i18n } from './i18n.ts';

/**
 * Validation and server messages arrive as English sentences (from the shared zod schemas or the
 * API). The `messages` namespace is keyed by that English text, so a translator can give each one
 * its Dari or Pashto form; unknown sentences show as they are.
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  return i18n.t(message as never, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message }) as string;
}
