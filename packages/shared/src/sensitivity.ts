/**
 * Need to know: the one map of which child fields are sensitive, and of what kind. A field of a
 * class the user may not view is left out of every answer the server gives (the orphans module's
 * redaction rule), a field of a class they may not edit is refused on a write, and whatever later
 * encrypts data at rest encrypts exactly these fields. Names, grade, gender, dates, status, site,
 * photo, hobbies and talents are the base record: every holder of view-orphans sees them.
 *
 * A field is named as the orphan record names it (`ORPHAN_FIELDS`); a part of a field kept in
 * parts is `<field>.<part>` (`profile.special_needs`).
 */
export const SENSITIVITY_CLASSES = ['identity', 'medical', 'contact', 'family', 'donor', 'finance', 'notes'] as const;
export type SensitivityClass = (typeof SENSITIVITY_CLASSES)[number];

export const SENSITIVE_FIELDS = {
  identity_card_number: 'identity',
  school_id_number: 'identity',
  medical_condition: 'medical',
  blood_group: 'medical',
  'profile.special_needs': 'medical',
  phone_number: 'contact',
  family_contact_number: 'contact',
  contact_info: 'contact',
  address: 'contact',
  guardian_contact: 'contact',
  guardian_name: 'family',
  guardian_relationship: 'family',
  responsible_person: 'family',
  father_name: 'family',
  grandfather_name: 'family',
  donor_name: 'donor',
  donor_last_name: 'donor',
  donor_email: 'donor',
  donor_address: 'donor',
  total_income: 'finance',
  total_expenses: 'finance',
  income_source: 'finance',
  notes: 'notes',
} as const satisfies Record<string, SensitivityClass>;

export type SensitiveField = keyof typeof SENSITIVE_FIELDS;

const ENTRIES = Object.entries(SENSITIVE_FIELDS) as Array<[SensitiveField, SensitivityClass]>;

/** The class a field belongs to, or null for a base field. */
export function classOfField(field: string): SensitivityClass | null {
  return (SENSITIVE_FIELDS as Record<string, SensitivityClass>)[field] ?? null;
}

/** The fields of one class, in the record's order. */
export function fieldsOfClass(cls: SensitivityClass): SensitiveField[] {
  return ENTRIES.filter(([, c]) => c === cls).map(([f]) => f);
}

/** The permission that shows a class's fields. */
export function viewPermissionOf(cls: SensitivityClass) {
  return `view-${cls}` as const;
}

/** The permission that lets its holder write a class's fields. */
export function editPermissionOf(cls: SensitivityClass) {
  return `edit-${cls}` as const;
}
