import { describe, expect, it } from 'vitest';
import { roleNameKey } from './role-names.ts';

describe('roleNameKey', () => {
  it('folds names a reader takes for the same into one key', () => {
    const manager = roleNameKey('Manager');
    for (const name of ['manager', ' MANAGER ', 'Man ager', 'Mаnager' /* Cyrillic а */, 'Manаgеr', 'Mánager', 'Ma\u200Bnager', 'Manager.', 'Rnanager', 'ＭＡＮＡＧＥＲ', 'Μanager' /* Greek Μ */]) {
      expect(roleNameKey(name), JSON.stringify(name)).toBe(manager);
    }
    const superAdmin = roleNameKey('Super Admin');
    for (const name of ['super admin', 'SuperAdmin', 'Super-Admin', 'SUPER ADM1N', 'Super Admln', 'Ѕuper Аdmin', 'super_admin']) {
      expect(roleNameKey(name), JSON.stringify(name)).toBe(superAdmin);
    }
  });

  it('keeps different names apart', () => {
    const keys = ['Manager', 'Managers', 'Manager (old)', 'Teacher', 'Caseworker', 'Super Admin', 'Admin', 'مدیر', 'معلم'].map(roleNameKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is idempotent', () => {
    for (const name of ['Mаnager', 'SUPER ADM1N', 'مدیرِ ارشد']) expect(roleNameKey(roleNameKey(name))).toBe(roleNameKey(name));
  });
});
