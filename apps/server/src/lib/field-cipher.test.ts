import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DamagedFieldError, FieldCipher, isSealed } from './field-cipher.ts';

describe('field cipher', () => {
  const key = randomBytes(32);
  const cipher = new FieldCipher(key);

  it('seals a value with a fresh nonce each time and opens it only for the same table, column and record', () => {
    const a = cipher.seal('orphans', 'notes', 7, 'Needs glasses');
    const b = cipher.seal('orphans', 'notes', 7, 'Needs glasses');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('glasses');
    expect(cipher.open('orphans', 'notes', 7, a)).toBe('Needs glasses');
    expect(() => cipher.open('orphans', 'notes', 8, a)).toThrow(DamagedFieldError);
    expect(() => cipher.open('orphans', 'address', 7, a)).toThrow(DamagedFieldError);
  });

  it('refuses a changed value without naming it, and a value of another key', () => {
    const sealed = cipher.seal('orphans', 'identity_card_number', 3, '1398-0123456');
    const flipped = sealed.slice(0, -3) + (sealed.at(-3) === 'A' ? 'B' : 'A') + sealed.slice(-2);
    const error = (() => {
      try {
        cipher.open('orphans', 'identity_card_number', 3, flipped);
      } catch (err) {
        return err as Error;
      }
    })();
    expect(error).toBeInstanceOf(DamagedFieldError);
    expect(error!.message).not.toContain('1398');
    expect(() => new FieldCipher(randomBytes(32)).open('orphans', 'identity_card_number', 3, sealed)).toThrow(DamagedFieldError);
    expect(() => cipher.open('orphans', 'notes', 3, 'plain words')).toThrow(DamagedFieldError);
  });

  it('opens the old key\'s values during a rotation and knows which are under the current key', () => {
    const next = new FieldCipher(randomBytes(32), [key]);
    const old = cipher.seal('orphans', 'notes', 1, 'x');
    expect(next.open('orphans', 'notes', 1, old)).toBe('x');
    expect(next.sealedWithCurrent(old)).toBe(false);
    expect(next.sealedWithCurrent(next.seal('orphans', 'notes', 1, 'x'))).toBe(true);
  });

  it('makes blind tokens of letters only, one per value and kind, under a key of their own', () => {
    const t = cipher.blindToken('identity', 'sch2005');
    expect(t).toMatch(/^[a-p]{32}$/);
    expect(cipher.blindToken('identity', 'sch2005')).toBe(t);
    expect(cipher.blindToken('family', 'sch2005')).not.toBe(t);
    expect(new FieldCipher(randomBytes(32)).blindToken('identity', 'sch2005')).not.toBe(t);
  });
});
