import type { Namespace, TFunction } from 'i18next';
import { isApiError } from './api-client.ts';
import { translateMessage } from './translate-message.ts';

/**
 * The message the server gave, translated, when there was an HTTP answer; otherwise undefined so
 * the screen shows its own fallback (spec section 8: "server message or 'Error creating user'").
 */
export function serverMessage<N extends Namespace>(t: TFunction<N>, err: unknown): string | undefined {
  if (!isApiError(err) || err.status === 0) return undefined;
  return translateMessage(t, err.message);
}

export function messageOr<N extends Namespace>(t: TFunction<N>, err: unknown, fallback: string): string {
  return serverMessage(t, err) ?? fallback;
}
