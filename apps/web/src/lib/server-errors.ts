import type { Namespace, TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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

/**
 * Put a 422's field messages on the matching form fields (first message each). Returns true when
 * at least one field got a message, so the caller can skip a general error.
 */
export function applyFieldErrors<T extends FieldValues, N extends Namespace>(
  t: TFunction<N>,
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(err) || !err.errors) return false;
  let applied = false;
  for (const field of fields) {
    const first = err.errors[field]?.[0];
    if (first) {
      setError(field, { type: 'server', message: translateMessage(t, first) });
      applied = true;
    }
  }
  return applied;
}
