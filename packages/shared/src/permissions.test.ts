import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { can, ROLE } from './permissions.ts';

const teacher = { roles: [{ name: 'Teacher' }], permissions: [{ name: 'view-orphans' }, { name: 'view-results' }] };
const superAdmin = { roles: [{ name: ROLE.superAdmin }], permissions: [] };

describe('can (spec section 6)', () => {
  it('checks permissions, roles, any-of and all-of lists', () => {
    expect(can(teacher, 'view-orphans')).toBe(true);
    expect(can(teacher, 'edit-orphans')).toBe(false);
    expect(can(teacher, 'role:Teacher')).toBe(true);
    expect(can(teacher, 'role:Manager')).toBe(false);
    expect(can(teacher, ['edit-orphans', 'view-results'])).toBe(true);
    expect(can(teacher, ['edit-orphans', 'view-results'], true)).toBe(false);
    expect(can(teacher, ['view-orphans', 'role:Teacher'], true)).toBe(true);
    expect(can(teacher, [])).toBe(true);
    expect(can(null, 'view-orphans')).toBe(false);
    expect(can({ roles: null, permissions: null }, 'view-orphans')).toBe(false);
  });

  it('lets Super Admin pass every permission check, but not another role check', () => {
    expect(can(superAdmin, 'delete-orphans')).toBe(true);
    expect(can(superAdmin, ['edit-orphans', 'delete-users'], true)).toBe(true);
    expect(can(superAdmin, 'role:Manager')).toBe(false);
  });

  it('answers a list as any-of or all-of its single checks', () => {
    const names = fc.constantFrom('view-orphans', 'view-results', 'edit-orphans', 'role:Teacher', 'role:Manager');
    fc.assert(
      fc.property(fc.array(names, { minLength: 1, maxLength: 5 }), fc.boolean(), (list, all) => {
        const each = list.map((n) => can(teacher, n));
        expect(can(teacher, list, all)).toBe(all ? each.every(Boolean) : each.some(Boolean));
      }),
    );
  });
});
