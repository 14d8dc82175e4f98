import { describe, expect, it } from 'vitest';
import { orphanSchema } from '@app/shared/schemas/orphan.schema';
import { FEMALE_LATIN, MALE_LATIN } from './afghan-names.ts';
import { demoChildren, GUARDIAN_RELATIONSHIPS } from './demo-children.ts';

describe('demo children', () => {
  const today = new Date().toISOString().slice(0, 10);
  const children = demoChildren(150);

  it('are all valid records, admitted on or after their birth and not in the future', () => {
    for (const child of children) {
      const parsed = orphanSchema.safeParse(child);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(child.admission_date as string >= (child.dob as string), `${child.first_name}`).toBe(true);
      expect(child.admission_date as string <= today).toBe(true);
    }
  });

  it('name each guardian as the relationship says: a woman for a mother, aunt or grandmother, a man otherwise', () => {
    const femaleRelationship = new Map<string, boolean>(GUARDIAN_RELATIONSHIPS.map((g) => [g.relationship, g.female]));
    for (const child of children) {
      const given = String(child.guardian_name).split(' ')[0]!;
      const female = femaleRelationship.get(String(child.guardian_relationship));
      expect(female, String(child.guardian_relationship)).not.toBeUndefined();
      expect(female ? FEMALE_LATIN : MALE_LATIN, `${child.guardian_name} (${child.guardian_relationship})`).toContain(given);
    }
  });

  it('are the same for the same seed', () => {
    expect(demoChildren(5)).toEqual(demoChildren(5));
  });
});
