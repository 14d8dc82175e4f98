import { z } from 'zod';
import { MAX_ID } from '../constants.ts';
import { ERROR_CODES } from '../messages.ts';

/** The numbers of one page of a list (Laravel's paginator: from/to are 1-based, null when empty). */
export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/**
 * The paging envelope of new lists: `{data, current_page, last_page, per_page, total, from, to}`
 * (decisions: "Paged lists"). Calls whose shape the spec fixes otherwise keep theirs.
 */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), ...pageMetaSchema.shape });
}
export type Paged<T> = PageMeta & { data: T[] };

/** The answer of a call that only reports what it did (a delete, a logout). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A 204: nothing in the body (the CSRF cookie call). */
export const noContentResponseSchema = z.null().meta({ description: 'No content.' });

/** Every error answer: the spec's `{message, errors?}` plus the machine-readable `code`. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** A conflict's record as it now is, and who saved it last, when (409 `changed_meanwhile`, `already_recorded`). */
  current: z
    .object({
      data: z.record(z.string(), z.unknown()),
      updated_by: z.object({ id: z.number(), name: z.string() }).nullable(),
      updated_at: z.string(),
    })
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
/** The 422 answer's shape. */
export type ValidationErrorBody = Required<ErrorBody>;

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
 * e-mails — where each sink still encodes it on the way out (decision 0025). What a browser
 * would start a tag, comment or declaration at is refused, closed or not: `<svg onload=…` with
 * no '>' becomes a tag as soon as some later text supplies one. A '<' before anything else
 * ("income < 5000", "<3", "<احمدی>") is not a tag and passes. Control characters other than
 * tab and line breaks are refused too: PostgreSQL cannot store NUL in text at all.
 */
const MARKUP = /<[a-z/!?]/i;
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

/**
 * For `.superRefine(rule, WHENEVER_AN_OBJECT)`: a cross-field rule runs even while some fields are
 * missing or mistyped (zod skips it then by default), so a form shows every message at once — but
 * only when the body is an object at all: a JSON body of `null`, `1` or `[]` has no fields to
 * compare, and reading them would throw (a 500, found by probing every route).
 */
export const WHENEVER_AN_OBJECT = {
  when: (payload: { value: unknown }) => payload.value !== null && typeof payload.value === 'object' && !Array.isArray(payload.value),
};
