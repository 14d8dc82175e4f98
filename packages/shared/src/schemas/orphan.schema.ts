import { z } from 'zod';
import {
  GENDERS,
  GRADES,
  MAX_ID,
  MAX_PER_PAGE,
  MAX_SEARCH_LENGTH,
  MEDICAL_CONDITIONS,
  ORPHAN_DEFAULT_PAGE_SIZE,
  ORPHAN_STATUSES,
} from '../constants.ts';
import { pageQuery, paged, plainText } from './common.schema.ts';
import { SITE_MSG, siteFilterField } from './sites.schema.ts';
import { SENSITIVITY_CLASSES, classOfField, type SensitiveField } from '../sensitivity.ts';

/**
 * The orphan form (spec sections 3 and 5) and the `/orphans` request bodies and list query
 * (section 7). The web form's resolver and the server's routes both parse with these schemas, so
 * every message a staff member can see lives here, once.
 *
 * Conventions, shared by every field:
 * - an empty (or whitespace-only) string and `null` mean "not given" — the client skips empty
 *   values and multipart cannot say null;
 * - dates are `YYYY-MM-DD`;
 * - money is a decimal string with at most two places ("1250", "1250.5", "1250.50"), normalised
 *   to two places on output; numbers are accepted too.
 */

export const ORPHAN_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dobRequired: 'Date of birth is required',
  genderRequired: 'Gender is required',
  admissionDateRequired: 'Admission date is required',
  statusRequired: 'Status is required',
  genderInvalid: 'The selected gender is invalid.',
  gradeInvalid: 'The selected grade is invalid.',
  statusInvalid: 'The selected status is invalid.',
  medicalConditionInvalid: 'The selected medical condition is invalid.',
  donorEmailInvalid: 'The donor email must be a valid email address.',
  profileInvalid: 'The profile must be an object with hobbies, talents and special needs.',
  dobInFuture: 'The date of birth cannot be in the future.',
  photoNotImage: 'The profile photo must be an image.',
  perPageTooLarge: `The per page may not be greater than ${MAX_PER_PAGE}.`,
  perPageTooSmall: 'The per page must be at least 1.',
  searchTooLong: `The search may not be greater than ${MAX_SEARCH_LENGTH} characters.`,
  sortInvalid: 'The selected sort is invalid.',
  admissionRangeInvalid: 'The admission to date must be on or after the admission from date.',
  admissionBeforeBirth: 'The admission date cannot be before the date of birth.',
  fieldNotEditable: 'You do not have permission to change this field.',
  searchNeedsIdentity: 'You do not have permission to search by identity numbers.',
} as const;

const EARLIEST_DATE = '1900-01-01';
const LATEST_DATE = '2100-12-31';

function isRealDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const blankToUndefined = (v: string | null | undefined): string | undefined => {
  if (v == null) return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
};

/** A text field that may be left empty. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `The ${label} must be text.` })
    .nullish()
    .transform(blankToUndefined)
    .pipe(plainText(label, max).optional());
}

/** A required text field: missing, null, empty or whitespace gives the spec's message. */
export function requiredText(message: string, label: string, max: number) {
  return z
    .string({ error: message })
    .nullish()
    .transform(blankToUndefined)
    .pipe(z.string({ error: message }).pipe(plainText(label, max)));
}

function dateField(label: string) {
  return z
    .string()
    .refine(isRealDate, { message: `The ${label} must be a valid date (YYYY-MM-DD).`, abort: true })
    .refine((s) => s >= EARLIEST_DATE && s <= LATEST_DATE, { message: `The ${label} must be between ${EARLIEST_DATE} and ${LATEST_DATE}.`, abort: true });
}

export function optionalDate(label: string) {
  return z
    .string({ error: `The ${label} must be a valid date (YYYY-MM-DD).` })
    .nullish()
    .transform(blankToUndefined)
    .pipe(dateField(label).optional());
}

export function requiredDate(message: string, label: string) {
  return z
    .string({ error: message })
    .nullish()
    .transform(blankToUndefined)
    .pipe(z.string({ error: message }).pipe(dateField(label)));
}

/** Today as YYYY-MM-DD in the local time of whoever runs the check, with a day of slack for time zones. */
function tomorrowIso(): string {
  const d = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return d.toISOString().slice(0, 10);
}

export function optionalEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((v) => blankToUndefined(v == null ? v : String(v)))
    .pipe(z.enum(values, { error: message }).optional());
}

export function requiredEnum<const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) {
  return z
    .union([z.string(), z.number()], { error: required })
    .nullish()
    .transform((v) => blankToUndefined(v == null ? v : String(v)))
    .pipe(z.string({ error: required }).pipe(z.enum(values, { error: invalid })));
}

const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** Money: ≥ 0, at most two decimals; normalised to a two-place decimal string (never a float). */
function optionalMoney(label: string) {
  return z
    .union([z.string(), z.number()], { error: `The ${label} must be a number.` })
    .nullish()
    .transform((v) => blankToUndefined(v == null ? v : typeof v === 'number' ? numberToPlainString(v) : v))
    .pipe(
      z
        .string()
        .refine((s) => !s.startsWith('-'), `The ${label} must be at least 0.`)
        .refine((s) => s.startsWith('-') || MONEY_PATTERN.test(s), `The ${label} must be a number with at most 2 decimal places.`)
        .transform(normaliseMoney)
        .optional(),
    );
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  // Numbers such as 0.1 + 0.2 are refused by the pattern rather than silently rounded.
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(20).replace(/\.?0+$/, '') : s;
}

function normaliseMoney(s: string): string {
  const [whole, frac = ''] = s.split('.');
  return `${BigInt(whole!).toString()}.${frac.padEnd(2, '0')}`;
}

export const ORPHAN_PROFILE_PARTS = ['hobbies', 'talents', 'special_needs'] as const;

const profileObject = z.object(
  {
    hobbies: optionalText('hobbies', 2000),
    talents: optionalText('talents', 2000),
    special_needs: optionalText('special needs', 2000),
  },
  { error: ORPHAN_MESSAGES.profileInvalid },
);

/** `profile` arrives as an object (JSON) or as a JSON string (multipart); all-empty means no profile. */
const profileField = z
  .union([z.string(), profileObject], { error: ORPHAN_MESSAGES.profileInvalid })
  .nullish()
  .transform((v, ctx) => {
    if (v == null) return undefined;
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: ORPHAN_MESSAGES.profileInvalid });
      return z.NEVER;
    }
  })
  .pipe(profileObject.nullish())
  .transform((p) => (p && (p.hobbies || p.talents || p.special_needs) ? p : undefined));

// ---------------------------------------------------------------------------------------------
// The orphan record's fields, once. Everything else about a field is derived from this list:
// the request/form schema, the answer schema and its types, the form's defaults and values
// (web), and on the server the table's column types, the insert/update columns and the
// row ⇄ answer mappers (apps/server/src/modules/orphans/orphan-columns.ts). Adding a plain text
// field takes a migration, a line here, a line in the form and one in the details card (and its
// label, `fields.<name>` in locales/en/orphans.json); orphan-fields.test.ts then checks it.

/** How a field is kept in a row: as is, as integer cents (money), or one column per part (`<field>_<part>`). */
export type OrphanFieldStorage = 'plain' | 'cents' | 'parts';
/** What kind of value a field holds, for the few places that treat kinds differently (date inputs). */
export type OrphanFieldKind = 'text' | 'email' | 'date' | 'choice' | 'money' | 'parts';

type StorageOf<K extends OrphanFieldKind> = K extends 'money' ? 'cents' : K extends 'parts' ? 'parts' : 'plain';

interface FieldDef<I extends z.ZodType, A extends z.ZodType, D, K extends OrphanFieldKind = OrphanFieldKind> {
  /** The rule a request (and the form) is parsed with. */
  input: I;
  /** The field in an answer. */
  answer: A;
  /** The form's value before anything is typed. */
  formDefault: D;
  kind: K;
  storage: StorageOf<K>;
  /** For `parts` storage: the parts, each a column of its own. */
  parts?: readonly string[];
}

const nullableText = z.string().nullable();
const field = <I extends z.ZodType, A extends z.ZodType, K extends Exclude<OrphanFieldKind, 'parts'> = 'text'>(
  input: I,
  answer: A,
  kind = 'text' as K,
  formDefault = '',
): FieldDef<I, A, string, K> => ({ input, answer, formDefault, kind, storage: (kind === 'money' ? 'cents' : 'plain') as StorageOf<K> });
const text = (label: string, max: number) => field(optionalText(label, max), nullableText);
const requiredTextField = (message: string, label: string, max: number) => field(requiredText(message, label, max), z.string());
const money = (label: string) => field(optionalMoney(label), nullableText, 'money');

export const ORPHAN_FIELDS = {
  first_name: requiredTextField(ORPHAN_MESSAGES.firstNameRequired, 'first name', 100),
  last_name: requiredTextField(ORPHAN_MESSAGES.lastNameRequired, 'last name', 100),
  father_name: text('father name', 100),
  grandfather_name: text('grandfather name', 100),
  school_id_number: text('school id number', 50),
  identity_card_number: text('identity card number', 50),
  dob: field(
    requiredDate(ORPHAN_MESSAGES.dobRequired, 'date of birth').refine((d) => d <= tomorrowIso(), ORPHAN_MESSAGES.dobInFuture),
    z.string(),
    'date',
  ),
  gender: field(requiredEnum(GENDERS, ORPHAN_MESSAGES.genderRequired, ORPHAN_MESSAGES.genderInvalid), z.enum(GENDERS), 'choice'),
  blood_group: text('blood group', 10),
  class_grade: field(optionalEnum(GRADES, ORPHAN_MESSAGES.gradeInvalid), z.enum(GRADES).nullable(), 'choice'),
  phone_number: text('phone number', 50),
  family_contact_number: text('family contact number', 50),
  contact_info: text('contact info', 1000),
  address: text('address', 500),
  guardian_name: text('guardian name', 200),
  guardian_contact: text('guardian contact', 100),
  guardian_relationship: text('guardian relationship', 100),
  responsible_person: text('responsible person', 200),
  admission_date: field(requiredDate(ORPHAN_MESSAGES.admissionDateRequired, 'admission date'), z.string(), 'date'),
  // Spec section 4: an empty status at submit becomes 'active'.
  status: field(
    z
      .union([z.string(), z.number()], { error: ORPHAN_MESSAGES.statusRequired })
      .nullish()
      .transform((v) => blankToUndefined(v == null ? v : String(v)) ?? 'active')
      .pipe(z.enum(ORPHAN_STATUSES, { error: ORPHAN_MESSAGES.statusInvalid })),
    z.enum(ORPHAN_STATUSES),
    'choice',
    'active',
  ),
  medical_condition: field(optionalEnum(MEDICAL_CONDITIONS, ORPHAN_MESSAGES.medicalConditionInvalid), z.enum(MEDICAL_CONDITIONS).nullable(), 'choice', 'Healthy'),
  total_income: money('total income'),
  total_expenses: money('total expenses'),
  income_source: text('income source', 255),
  donor_name: text('donor name', 100),
  donor_last_name: text('donor last name', 100),
  donor_email: field(
    z
      .string({ error: ORPHAN_MESSAGES.donorEmailInvalid })
      .nullish()
      .transform(blankToUndefined)
      .pipe(z.email(ORPHAN_MESSAGES.donorEmailInvalid).max(255, ORPHAN_MESSAGES.donorEmailInvalid).optional()),
    nullableText,
    'email',
  ),
  donor_address: text('donor address', 500),
  notes: text('notes', 5000),
  profile: {
    input: profileField,
    answer: z.object({ hobbies: nullableText, talents: nullableText, special_needs: nullableText }).nullable(),
    formDefault: { hobbies: '', talents: '', special_needs: '' },
    kind: 'parts',
    storage: 'parts',
    parts: ORPHAN_PROFILE_PARTS,
  } satisfies FieldDef<z.ZodType, z.ZodType, Record<(typeof ORPHAN_PROFILE_PARTS)[number], string>, 'parts'>,
} as const;

type Fields = typeof ORPHAN_FIELDS;
export type OrphanFieldName = keyof Fields;
/** The field list as [name, definition] pairs, in the record's order. */
export const ORPHAN_FIELD_ENTRIES = Object.entries(ORPHAN_FIELDS) as Array<[OrphanFieldName, Fields[OrphanFieldName]]>;

function fieldShape<K extends 'input' | 'answer' | 'formDefault'>(key: K): { [N in OrphanFieldName]: Fields[N][K] } {
  return Object.fromEntries(ORPHAN_FIELD_ENTRIES.map(([name, def]) => [name, def[key]])) as { [N in OrphanFieldName]: Fields[N][K] };
}

/** The orphan form and the create/update body. */
export const orphanSchema = z.object(fieldShape('input')).refine((d) => d.admission_date >= d.dob, {
  message: ORPHAN_MESSAGES.admissionBeforeBirth,
  path: ['admission_date'],
  // Compared only once both dates are valid; the other fields' messages come with it.
  when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'dob' || i.path?.[0] === 'admission_date'),
});

/** What the form holds / the client sends (strings; empty means not given). */
export type OrphanInput = z.input<typeof orphanSchema>;
/** What a valid request means: trimmed, blanks removed, money normalised to "0.00" strings. */
export type OrphanData = z.output<typeof orphanSchema>;
export type OrphanProfile = { hobbies?: string; talents?: string; special_needs?: string };

/** Form defaults (spec section 3): status 'active', medical_condition 'Healthy', all others empty. */
export const ORPHAN_FORM_DEFAULTS = fieldShape('formDefault') satisfies OrphanInput;

/** Extra multipart/JSON fields of create/update that are not orphan data. */
export const ORPHAN_PHOTO_FIELD = 'profile_photo';
export const ORPHAN_REMOVE_PHOTO_FIELD = 'remove_photo';

export const ORPHAN_SORTS = [
  'last_name', '-last_name',
  'first_name', '-first_name',
  'admission_date', '-admission_date',
  'dob', '-dob',
  'id', '-id',
] as const;
export type OrphanSort = (typeof ORPHAN_SORTS)[number];

const booleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/** `GET /orphans` (and `GET /orphans/trash`) query string. */
export const orphanListQuerySchema = z
  .object({
    page: pageQuery,
    per_page: z.coerce
      .number({ error: ORPHAN_MESSAGES.perPageTooSmall })
      .int(ORPHAN_MESSAGES.perPageTooSmall)
      .min(1, ORPHAN_MESSAGES.perPageTooSmall)
      .max(MAX_PER_PAGE, ORPHAN_MESSAGES.perPageTooLarge)
      .default(ORPHAN_DEFAULT_PAGE_SIZE),
    search: z
      .string()
      .optional()
      .refine((s) => s == null || s.length <= MAX_SEARCH_LENGTH, ORPHAN_MESSAGES.searchTooLong)
      .transform(blankToUndefined),
    class_grade: optionalEnum(GRADES, ORPHAN_MESSAGES.gradeInvalid),
    gender: optionalEnum(GENDERS, ORPHAN_MESSAGES.genderInvalid),
    admission_from: optionalDate('admission from date'),
    admission_to: optionalDate('admission to date'),
    sort: z
      .string()
      .optional()
      .transform(blankToUndefined)
      .pipe(z.enum(ORPHAN_SORTS, { error: ORPHAN_MESSAGES.sortInvalid }).default('last_name')),
    /** Only the children of this site (one the user holds: else 422). */
    site_id: siteFilterField,
    no_pagination: booleanFlag,
  })
  .refine((q) => !q.admission_from || !q.admission_to || q.admission_from <= q.admission_to, {
    message: ORPHAN_MESSAGES.admissionRangeInvalid,
    path: ['admission_to'],
  });
export type OrphanListQueryInput = z.input<typeof orphanListQuerySchema>;
export type OrphanListQuery = z.output<typeof orphanListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers (the routes' response schemas; the types both sides use are inferred from them).

/**
 * The fields of an answer: a field of a sensitivity class (sensitivity.ts) is absent when the
 * user may not view its class, and so is a part of one (`profile.special_needs`).
 */
function answerShape() {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, def] of ORPHAN_FIELD_ENTRIES) {
    if (def.storage === 'parts') {
      const parts = Object.fromEntries((def.parts ?? []).map((p) => [p, classOfField(`${name}.${p}`) ? nullableText.optional() : nullableText]));
      shape[name] = z.object(parts).nullable();
    } else {
      shape[name] = classOfField(name) ? def.answer.optional() : def.answer;
    }
  }
  return shape as unknown as { [N in OrphanFieldName]: N extends 'profile' ? z.ZodNullable<z.ZodObject<{ hobbies: typeof nullableText; talents: typeof nullableText; special_needs: z.ZodOptional<typeof nullableText> }>> : ReturnType<typeof fieldShape<'answer'>>[N] extends infer A extends z.ZodType ? (N extends SensitiveField ? z.ZodOptional<A> : A) : never };
}

/** A child as `GET /orphans/{id}` answers it. Money as "1250.00" strings; URLs are short-lived signed URLs. */
export const orphanAnswerSchema = z.object({
  id: z.number().int(),
  ...answerShape(),
  /** The site the child belongs to (set on create, changed only by a transfer). */
  site_id: z.number().int(),
  site_name: z.string(),
  /** Signed display-size URL, or null without a photo. */
  profile_photo_url: nullableText,
  /** Signed thumbnail URL, or null without a photo. */
  profile_photo_thumb_url: nullableText,
  created_at: z.string(),
  updated_at: z.string(),
  /** Set only for children in the trash. */
  deleted_at: nullableText,
});
export type Orphan = z.infer<typeof orphanAnswerSchema>;

/** The details answer also names the classes whose fields were left out, so the page marks them hidden rather than empty. */
export const orphanDetailsSchema = orphanAnswerSchema.extend({ hidden_classes: z.array(z.enum(SENSITIVITY_CLASSES)) });
export type OrphanDetails = z.infer<typeof orphanDetailsSchema>;

export const orphanResponseSchema = z.object({ data: orphanDetailsSchema });
export type OrphanResponse = z.infer<typeof orphanResponseSchema>;

/** Create, update, restore: what was done, and the child as it is now. */
export const orphanSavedResponseSchema = z.object({ message: z.string(), data: orphanDetailsSchema });
export type OrphanSavedResponse = z.infer<typeof orphanSavedResponseSchema>;

/** A row of `GET /orphans`. */
export const orphanListItemSchema = orphanAnswerSchema
  .pick({ id: true, first_name: true, last_name: true, father_name: true, grandfather_name: true, dob: true, gender: true, class_grade: true, admission_date: true, status: true, site_id: true, site_name: true })
  .extend({ photo_thumb_url: nullableText });
export type OrphanListItem = z.infer<typeof orphanListItemSchema>;

/** A row of the trash list: a list row plus when it was trashed. */
export const trashedOrphanListItemSchema = orphanListItemSchema.extend({ deleted_at: z.string() });
export type TrashedOrphanListItem = z.infer<typeof trashedOrphanListItemSchema>;

/** The read-only selector view (`no_pagination=true`). */
export const orphanSelectorItemSchema = orphanAnswerSchema.pick({ id: true, first_name: true, last_name: true, father_name: true, class_grade: true, site_id: true, site_name: true });
export type OrphanSelectorItem = z.infer<typeof orphanSelectorItemSchema>;

/** `GET /orphans?no_pagination=true` answers `{ data: { data: [...] } }` (spec section 7). */
export const orphanSelectorResponseSchema = z.object({ data: z.object({ data: z.array(orphanSelectorItemSchema) }) });
export type OrphanSelectorResponse = z.infer<typeof orphanSelectorResponseSchema>;

export const orphanPageSchema = paged(orphanListItemSchema);
export const trashedOrphanPageSchema = paged(trashedOrphanListItemSchema);

/**
 * `GET /orphans/possible-duplicates`: children outside the trash who look like the one about to
 * be saved (same first and last name and date of birth, and the same father where both have one).
 */
export const orphanDuplicateQuerySchema = z.object({
  first_name: requiredText(ORPHAN_MESSAGES.firstNameRequired, 'first name', 100),
  last_name: requiredText(ORPHAN_MESSAGES.lastNameRequired, 'last name', 100),
  father_name: optionalText('father name', 100),
  dob: requiredDate(ORPHAN_MESSAGES.dobRequired, 'date of birth'),
  /** When editing: the child being edited, who is not a duplicate of itself. */
  except: z.coerce.number().int().min(1).max(MAX_ID).optional(),
});
export type OrphanDuplicateQuery = z.input<typeof orphanDuplicateQuerySchema>;
export const orphanDuplicatesResponseSchema = z.object({
  data: z.array(orphanAnswerSchema.pick({ id: true, first_name: true, last_name: true, father_name: true, dob: true })),
});
export type OrphanDuplicatesResponse = z.infer<typeof orphanDuplicatesResponseSchema>;

export const ORPHAN_RESPONSE_MESSAGES = {
  created: 'Orphan created successfully',
  updated: 'Orphan updated successfully',
  deleted: 'Orphan moved to trash',
  restored: 'Orphan restored successfully',
  purged: 'Orphan permanently deleted',
  notFound: 'Orphan not found.',
  changedMeanwhile: 'Someone else saved this orphan after you opened it. Reload the page to see their changes, then make yours again.',
  versionInvalid: 'The updated at must be the record\'s updated_at as it was read.',
  notInTrash: 'Only an orphan in the trash can be permanently deleted.',
  methodNotAllowed: 'The method is not supported for this route. Use _method=PUT.',
} as const;

// ---------------------------------------------------------------------------------------------
// Transfers: a child moved from one site to another, with the day and the reason.

export const TRANSFER_MESSAGES = {
  siteRequired: SITE_MSG.siteRequired,
  siteInvalid: SITE_MSG.siteInvalid,
  dateRequired: 'The transfer date is required.',
  reasonRequired: 'The reason for the transfer is required.',
  sameSite: 'The child is already at this site.',
  transferred: 'Child transferred successfully',
} as const;

/** `POST /orphans/{id}/transfer`: to a site the user holds (and the child's, too), active. */
export const transferRequestSchema = z.object({
  site_id: z.coerce
    .number({ error: SITE_MSG.siteRequired })
    .int(SITE_MSG.siteInvalid)
    .min(1, SITE_MSG.siteInvalid)
    .max(MAX_ID, SITE_MSG.siteInvalid),
  date: requiredDate(TRANSFER_MESSAGES.dateRequired, 'transfer date'),
  reason: requiredText(TRANSFER_MESSAGES.reasonRequired, 'reason', 1000),
});
export type TransferRequestInput = z.input<typeof transferRequestSchema>;
export type TransferRequest = z.output<typeof transferRequestSchema>;

const siteRef = z.object({ id: z.number().int(), name: z.string() });

/** One move of a child, as its history shows it; `by` is null once the user who made it is gone. */
export const transferSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  from_site: siteRef,
  to_site: siteRef,
  reason: z.string(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** `GET /orphans/{id}/transfers`: the child's moves, latest first. */
export const transfersResponseSchema = z.object({ data: z.array(transferSchema) });
export type TransfersResponse = z.infer<typeof transfersResponseSchema>;

/** `POST /orphans/{id}/transfer` (201): what was done, and the move as the history shows it. */
export const transferSavedResponseSchema = z.object({ message: z.string(), data: transferSchema });
export type TransferSavedResponse = z.infer<typeof transferSavedResponseSchema>;
