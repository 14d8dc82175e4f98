import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCESS, PERMISSION, PERMISSIONS, ROLE, can, crudPermissions, type AccessRule, type AccessSubject } from './permissions.ts';

const teacher = { roles: [{ name: 'Teacher' }], permissions: [{ name: 'view-orphans' }, { name: 'view-results' }] };
const superAdmin = { roles: [{ name: ROLE.superAdmin }], permissions: [] };
/** A seeded Manager: an administrator (`administer`) holding the given permissions besides. */
const manager = (permissions: string[]): AccessSubject => ({ roles: [{ name: ROLE.manager }], permissions: [...permissions, 'administer'].map((name) => ({ name })) });

describe('can with an access rule', () => {
  it('needs any of the roles AND all of the permissions', () => {
    const rule: AccessRule = { anyRole: [ROLE.superAdmin, ROLE.manager], allPermissions: ['view-contacts', 'delete-contacts'] };
    expect(can(manager(['view-contacts', 'delete-contacts']), rule)).toBe(true);
    expect(can(manager(['view-contacts']), rule)).toBe(false);
    expect(can(manager([]), rule)).toBe(false);
    // Holding the permissions without one of the roles is not enough.
    expect(can({ roles: [{ name: ROLE.caseworker }], permissions: [{ name: 'view-contacts' }, { name: 'delete-contacts' }] }, rule)).toBe(false);
  });

  it('reads anyPermission as any-of, beside the other parts', () => {
    expect(can(teacher, { anyPermission: ['edit-orphans', 'view-results'] })).toBe(true);
    expect(can(teacher, { anyPermission: ['edit-orphans', 'delete-orphans'] })).toBe(false);
    expect(can(teacher, { allPermissions: ['view-orphans'], anyPermission: ['edit-orphans', 'view-results'] })).toBe(true);
    expect(can(teacher, { anyRole: [ROLE.manager], anyPermission: ['view-results'] })).toBe(false);
  });

  it('lets Super Admin hold every permission, but only the roles it has', () => {
    expect(can(superAdmin, { allPermissions: [...PERMISSIONS] })).toBe(true);
    expect(can(superAdmin, { anyPermission: ['manage-settings'] })).toBe(true);
    expect(can(superAdmin, ACCESS.purgeOrphans)).toBe(true);
    expect(can(superAdmin, { anyRole: [ROLE.manager] })).toBe(false);
  });

  it('lets any signed-in user through an empty rule, and nobody without a user', () => {
    expect(can(teacher, {})).toBe(true);
    expect(can(teacher, { anyRole: [], allPermissions: [], anyPermission: [] })).toBe(true);
    expect(can(null, {})).toBe(false);
    expect(can(undefined, ACCESS.contacts)).toBe(false);
    expect(can({ roles: null, permissions: null }, { allPermissions: ['view-orphans'] })).toBe(false);
  });

  it('makes an administrator of the administer permission, never of a role name', () => {
    const named = (role: string, permissions: string[]): AccessSubject => ({ roles: [{ name: role }], permissions: permissions.map((name) => ({ name })) });
    expect(can(manager([]), ACCESS.administrators)).toBe(true);
    expect(can(superAdmin, ACCESS.administrators)).toBe(true);
    // A role renamed "Manager" without the permission opens nothing of an administrator's.
    const impostor = named(ROLE.manager, ['view-contacts', 'view-activities', 'delete-orphans']);
    for (const rule of [ACCESS.administrators, ACCESS.contacts, ACCESS.activities, ACCESS.purgeOrphans]) expect(can(impostor, rule)).toBe(false);
    // A role of any name holding it is an administrator.
    expect(can(named('Office lead', ['administer', 'view-contacts']), ACCESS.contacts)).toBe(true);
  });

  it('closes the shared rules to a Manager stripped of the permission, and to a Teacher', () => {
    expect(can(manager(['delete-orphans']), ACCESS.purgeOrphans)).toBe(true);
    expect(can(manager([]), ACCESS.purgeOrphans)).toBe(false);
    expect(can(manager(['view-contacts']), ACCESS.contacts)).toBe(true);
    expect(can(manager(['view-contacts']), ACCESS.deleteContacts)).toBe(false);
    expect(can({ ...teacher, permissions: [{ name: 'delete-orphans' }] }, ACCESS.purgeOrphans)).toBe(false);
  });
});

describe('can in the spec notation (section 6)', () => {
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

  it('means the same as the rule it is written for', () => {
    const users = [teacher, superAdmin, manager(['view-contacts']), manager([])];
    for (const user of users) {
      expect(can(user, ['role:Super Admin', 'role:Manager'])).toBe(can(user, ACCESS.administrators));
      expect(can(user, 'view-contacts')).toBe(can(user, { allPermissions: ['view-contacts'] }));
    }
  });
});

describe('crudPermissions', () => {
  it('names a group\'s four permissions as the spec\'s constants do', () => {
    expect(crudPermissions('orphans')).toEqual(PERMISSION.orphan);
    expect(crudPermissions('results')).toEqual(PERMISSION.result);
    expect(crudPermissions('attendance')).toEqual(PERMISSION.attendance);
    expect(crudPermissions('users')).toEqual(PERMISSION.user);
    for (const p of Object.values(crudPermissions('gallery'))) expect(PERMISSIONS).toContain(p);
  });
});
