import { ORPHAN_FORM_DEFAULTS, type Orphan, type OrphanData } from '@app/shared/schemas/orphan.schema';
import type { FormValue } from '../../../lib/api-client.ts';
import { toDateInputValue } from './orphan-format.ts';

/** Every field of the form: all strings, `profile` nested (the shared schema's input shape). */
export type OrphanFormValues = typeof ORPHAN_FORM_DEFAULTS;

export type OrphanTextField = Exclude<keyof OrphanFormValues, 'profile'>;
export const ORPHAN_FORM_FIELDS = Object.keys(ORPHAN_FORM_DEFAULTS).filter((k) => k !== 'profile') as OrphanTextField[];
export const ORPHAN_PROFILE_FIELDS = ['hobbies', 'talents', 'special_needs'] as const;

export function emptyOrphanForm(): OrphanFormValues {
  return { ...ORPHAN_FORM_DEFAULTS, profile: { ...ORPHAN_FORM_DEFAULTS.profile } };
}

/** A stored orphan as form values: nulls become '', dates lose any time part (spec section 3). */
export function orphanToFormValues(orphan: Orphan): OrphanFormValues {
  const values = emptyOrphanForm();
  for (const field of ORPHAN_FORM_FIELDS) {
    const raw = (orphan as unknown as Record<string, unknown>)[field];
    values[field] = raw === null || raw === undefined ? '' : String(raw);
  }
  values.dob = toDateInputValue(orphan.dob);
  values.admission_date = toDateInputValue(orphan.admission_date);
  // Keep the defaults for the two fields that have one when the record has none.
  if (!values.status) values.status = ORPHAN_FORM_DEFAULTS.status;
  for (const field of ORPHAN_PROFILE_FIELDS) values.profile[field] = orphan.profile?.[field] ?? '';
  return values;
}

/**
 * The request body from the parsed form (trimmed, blanks already `undefined`). On update a blank
 * field is sent as null so that clearing a value in the form clears it on the server; multipart
 * leaves nulls out, as the spec wants.
 */
export function toOrphanPayload(data: OrphanData, mode: 'create' | 'update'): Record<string, FormValue> {
  const payload: Record<string, FormValue> = {};
  for (const field of ORPHAN_FORM_FIELDS) {
    const value = (data as Record<string, unknown>)[field] as string | undefined;
    payload[field] = value ?? (mode === 'update' ? null : undefined);
  }
  payload.profile = data.profile ? { ...data.profile } : mode === 'update' ? null : undefined;
  return payload;
}

/** Server field names ('profile.hobbies' or 'profile_photo') as they appear in a 422. */
export type OrphanErrorField = OrphanTextField | `profile.${(typeof ORPHAN_PROFILE_FIELDS)[number]}` | 'profile' | 'profile_photo';

export function isOrphanFormField(name: string): name is OrphanTextField | `profile.${(typeof ORPHAN_PROFILE_FIELDS)[number]}` {
  if ((ORPHAN_FORM_FIELDS as string[]).includes(name)) return true;
  return name.startsWith('profile.') && (ORPHAN_PROFILE_FIELDS as readonly string[]).includes(name.slice(8));
}

