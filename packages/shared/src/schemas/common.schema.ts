import { z } from 'zod';
import { MAX_ID } from '../constants.ts';

/** Laravel-style paged list answer (docs/design-decisions.md). */
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/** The 422 answer's shape. */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD).')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Must be a valid date.');

/** Query-string page numbers arrive as strings. */
export const pageQuery = z.coerce.number().int().min(1, 'The page must be at least 1.').max(1_000_000).default(1);

export const ID_INVALID = `The id must be a whole number from 1 to ${MAX_ID}.`;
/** A record's id, from a path or a body (a larger number would fail in PostgreSQL, not here). */
export const recordId = z.coerce.number({ error: ID_INVALID }).int(ID_INVALID).min(1, ID_INVALID).max(MAX_ID, ID_INVALID);
export const idParam = z.object({ id: recordId });

/**
 * Plain-text fields (names, addresses, notes) hold words, never markup or control characters.
 * Our screens render stored text as text, so markup would do no harm there; it is refused
 * because no such field has a use for it and the text travels on into Excel exports, PDFs and
 * e-mails. A lone '<' ("income < 5000") is not a tag and passes. Control characters other
 * than tab and line breaks are refused too: PostgreSQL cannot store NUL in text at all.
 */
const MARKUP = /<\/?[a-z][^<>]*>|<!--/i;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const hasMarkup = (s: string): boolean => MARKUP.test(s);
export const hasControlCharacters = (s: string): boolean => CONTROL_CHARACTERS.test(s);

/** The plain-text rules as one zod check, with messages naming the field's label. */
export function plainText(label: string, max: number) {
  return z
    .string()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .refine((s) => !hasMarkup(s), `The ${label} may not contain HTML.`)
    .refine((s) => !hasControlCharacters(s), `The ${label} may not contain control characters.`);
}
