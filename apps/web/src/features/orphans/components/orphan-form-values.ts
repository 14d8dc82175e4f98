import { ORPHAN_FIELD_ENTRIES, ORPHAN_FORM_DEFAULTS, ORPHAN_PROFILE_PARTS, type Orphan, type OrphanData } from '@app/shared/schemas/orphan.schema';
import type { FormValue } from '../../../lib/api-client.ts';
import { toDateInputValue } from './orphan-format.ts';

/**
 * The form's values and the request body, both derived from the shared field list
 * (ORPHAN_FIELDS): a new field needs nothing here.
 */

/** Every field of the form: all strings, `profile` nested (the shared schema's input shape). */
export type OrphanFormValues = typeof ORPHAN_FORM_DEFAULTS;

export type OrphanTextField = Exclude<keyof OrphanFormValues, 'profile'>;
export const ORPHAN_FORM_FIELDS = ORPHAN_FIELD_ENTRIES.filter(([, def]) => def.storage !== 'parts').map(([name]) => name) as OrphanTextField[];
export const ORPHAN_PROFILE_FIELDS = ORPHAN_PROFILE_PARTS;
const DATE_FIELDS = new Set<string>(ORPHAN_FIELD_ENTRIES.filter(([, def]) => def.kind === 'date').map(([name]) => name));
const REQUIRED_FIELDS = new Set<string>(ORPHAN_FIELD_ENTRIES.filter(([, def]) => !def.answer.safeParse(null).success).map(([name]) => name));

export function emptyOrphanForm(): OrphanFormValues {
  return { ...ORPHAN_FORM_DEFAULTS, profile: { ...ORPHAN_FORM_DEFAULTS.profile } };
}

/** A stored orphan as form values: nulls become '' (or the field's default), dates lose any time part (spec section 3). */
export function orphanToFormValues(orphan: Orphan): OrphanFormValues {
  const values = emptyOrphanForm();
  for (const field of ORPHAN_FORM_FIELDS) {
    const raw = orphan[field];
    if (raw === null || raw === undefined || raw === '') {
      // An optional field left empty shows empty (not its default: saving would then set it);
      // a required one with a default (status) keeps the default.
      if (!REQUIRED_FIELDS.has(field)) values[field] = '';
      continue;
    }
    values[field] = DATE_FIELDS.has(field) ? toDateInputValue(String(raw)) : String(raw);
  }
  for (const part of ORPHAN_PROFILE_FIELDS) values.profile[part] = orphan.profile?.[part] ?? '';
  return values;
}

/**
 * The request body from the parsed form (trimmed, blanks already `undefined`). On update a blank
 * field is sent as null so that clearing a value in the form clears it on the server; multipart
 * leaves nulls out, as the spec wants.
 */
export function toOrphanPayload(data: OrphanData, mode: 'create' | 'update', editable: (field: string) => boolean = () => true): Record<string, FormValue> {
  const payload: Record<string, FormValue> = {};
  for (const field of ORPHAN_FORM_FIELDS) {
    // A field the user may not edit is left out: the server keeps what it holds.
    if (!editable(field)) continue;
    const value = (data as Record<string, unknown>)[field] as string | undefined;
    payload[field] = value ?? (mode === 'update' ? null : undefined);
  }
  const profile: Record<string, string> = {};
  for (const part of ORPHAN_PROFILE_FIELDS) {
    const value = data.profile?.[part];
    if (value && editable(`profile.${part}`)) profile[part] = value;
  }
  payload.profile = Object.keys(profile).length ? profile : mode === 'update' ? null : undefined;
  return payload;
}

/** Server field names ('profile.hobbies' or 'profile_photo') as they appear in a 422. */
export type OrphanErrorField = OrphanTextField | `profile.${(typeof ORPHAN_PROFILE_FIELDS)[number]}` | 'profile' | 'profile_photo';

export function isOrphanFormField(name: string): name is OrphanTextField | `profile.${(typeof ORPHAN_PROFILE_FIELDS)[number]}` {
  if ((ORPHAN_FORM_FIELDS as string[]).includes(name)) return true;
  return name.startsWith('profile.') && (ORPHAN_PROFILE_FIELDS as readonly string[]).includes(name.slice(8));
}
