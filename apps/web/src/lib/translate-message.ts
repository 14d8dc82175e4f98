import type { Namespace, TFunction } from 'i18next';
import { i18n } from './i18n.ts';

type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * Validation and server messages arrive as English sentences (from the shared zod schemas or the
 * API). The `messages` namespace is keyed by that English text, so a translator can give each one
 * its Dari or Pashto form; unknown sentences show as they are.
 *
 * Call it with the component's `t` (any namespace) so the text follows the screen's language, or
 * with the message alone outside components (uses the app's i18next instance).
 */
export function translateMessage(message: string | undefined): string | undefined;
export function translateMessage<N extends Namespace>(t: TFunction<N>, message: string | undefined): string | undefined;
export function translateMessage(...args: [string | undefined] | [unknown, string | undefined]): string | undefined {
  const [translate, message] =
    args.length === 2 ? [args[0] as Translate, args[1]] : [i18n.t.bind(i18n) as unknown as Translate, args[0]];
  if (!message) return message;
  return translate(message, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message });
}
