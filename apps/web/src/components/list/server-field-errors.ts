import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api-client.ts';
import { translateMessage } from '../../lib/translate-message.ts';

/**
 * After a failed save: put a 422's field messages on the form's fields (the first message of each,
 * spec section 8; focus goes to the first such field) and answer what the form's banner should say,
 * or null when every message is already on a field, so nothing is said twice. Messages for fields
 * the form does not have go to the banner; a failure without field messages says `fallback`.
 */
export function showServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string | null {
  if (!isApiError(err) || !err.errors) return fallback;
  const unplaced: string[] = [];
  let placed = false;
  for (const [field, messages] of Object.entries(err.errors)) {
    const text = translateMessage(messages?.find(Boolean));
    if (!text) continue;
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: text }, { shouldFocus: !placed });
      placed = true;
    } else unplaced.push(text);
  }
  if (unplaced.length > 0) return unplaced.join(' ');
  return placed ? null : fallback;
}
