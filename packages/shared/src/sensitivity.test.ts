import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE, SEEDED_ROLES } from './permissions.ts';
import { ORPHAN_FIELD_ENTRIES } from './schemas/orphan.schema.ts';
import { SENSITIVITY_CLASSES, SENSITIVE_FIELDS, classOfField, editPermissionOf, fieldsOfClass, viewPermissionOf } from './sensitivity.ts';

const BASE = ['first_name', 'last_name', 'dob', 'gender', 'class_grade', 'admission_date', 'status', 'profile.hobbies', 'profile.talents'];

describe('sensitivity classes', () => {
  it('puts every field of the child record in exactly one class or in the base record', () => {
    const fields = ORPHAN_FIELD_ENTRIES.flatMap(([name, def]) => (def.storage === 'parts' ? (def.parts ?? []).map((p) => `${name}.${p}`) : [name]));
    for (const f of fields) expect(BASE.includes(f) !== (classOfField(f) !== null), f).toBe(true);
    for (const f of Object.keys(SENSITIVE_FIELDS)) expect(fields).toContain(f);
    expect(fieldsOfClass('identity')).toEqual(['identity_card_number', 'school_id_number']);
    expect(classOfField('first_name')).toBeNull();
    expect(classOfField('donor_email')).toBe('donor');
  });

  it('has a view and an edit permission per class, seeded as the issue says', () => {
    for (const c of SENSITIVITY_CLASSES) {
      expect(PERMISSIONS).toContain(viewPermissionOf(c));
      expect(PERMISSIONS).toContain(editPermissionOf(c));
      expect(SEEDED_ROLES[ROLE.manager]).toContain(viewPermissionOf(c));
      expect(SEEDED_ROLES[ROLE.teacher]).not.toContain(viewPermissionOf(c));
    }
    expect(SEEDED_ROLES[ROLE.caseworker]!.filter((p) => p.startsWith('view-') && SENSITIVITY_CLASSES.includes(p.slice(5) as never))).toEqual(
      ['identity', 'medical', 'contact', 'family', 'notes'].map((c) => `view-${c}`),
    );
  });
});
