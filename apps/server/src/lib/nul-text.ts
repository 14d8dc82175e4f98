import { AppError } from './app-error.ts';

/**
 * No request may carry NUL in its text. PostgreSQL cannot store it in a text column at all (the
 * insert fails, which would be a 500) and SQLite would keep it silently: refusing it before any
 * route runs makes both databases answer the same 422, for every feature, present and future.
 * Checked on the JSON body, the query string and the path parameters (app.ts) and on multipart
 * fields as they are read (storage/uploads.service.ts, lib/form-body.ts).
 */
export function refuseNul(value: unknown): void {
  const field = fieldWithNul(value, '', 0);
  if (field !== null) {
    const label = field.split('.').filter((s) => !/^\d+$/.test(s)).pop()?.replace(/_/g, ' ') || 'request';
    throw AppError.validation(field || '_', `The ${label} may not contain control characters.`);
  }
}

const MAX_DEPTH = 32;

/** The dotted path of the first string holding NUL ('' for the value itself), or null. */
function fieldWithNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
