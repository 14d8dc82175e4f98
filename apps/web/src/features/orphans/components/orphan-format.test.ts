import { describe, expect, it } from 'vitest';
import {
  capitalise,
  effectiveStatus,
  formatMoney,
  fullName,
  gradeLabel,
  orDash,
  parseDateOnly,
  statusTone,
  toDateInputValue,
} from './orphan-format.ts';

const labels = { prep: 'PREP', numbered: (g: string) => `Grade ${g}` };

describe('gradeLabel', () => {
  it("shows grade '0' as PREP and the rest as Grade N", () => {
    expect(gradeLabel('0', labels)).toBe('PREP');
    expect(gradeLabel(0, labels)).toBe('PREP');
    expect(gradeLabel('1', labels)).toBe('Grade 1');
    expect(gradeLabel('12', labels)).toBe('Grade 12');
  });

  it('is empty without a grade', () => {
    expect(gradeLabel(null, labels)).toBeNull();
    expect(gradeLabel(undefined, labels)).toBeNull();
    expect(gradeLabel('', labels)).toBeNull();
  });
});

describe('status', () => {
  it('colours active green, inactive red, anything else blue', () => {
    expect(statusTone('active')).toBe('green');
    expect(statusTone('Active')).toBe('green');
    expect(statusTone('inactive')).toBe('red');
    expect(statusTone('graduated')).toBe('blue');
    expect(statusTone('something new')).toBe('blue');
  });

  it('treats a missing status as active', () => {
    expect(effectiveStatus(null)).toBe('active');
    expect(effectiveStatus('')).toBe('active');
    expect(effectiveStatus(undefined)).toBe('active');
    expect(statusTone(null)).toBe('green');
    expect(effectiveStatus('graduated')).toBe('graduated');
  });
});

describe('text helpers', () => {
  it('capitalises the first letter only', () => {
    expect(capitalise('male')).toBe('Male');
    expect(capitalise('inactive')).toBe('Inactive');
    expect(capitalise('')).toBe('');
    expect(capitalise(null)).toBe('');
  });

  it("shows '-' for empty values", () => {
    expect(orDash(null)).toBe('-');
    expect(orDash(undefined)).toBe('-');
    expect(orDash('  ')).toBe('-');
    expect(orDash('Kabul')).toBe('Kabul');
    expect(orDash(0)).toBe('0');
  });

  it('joins the full name', () => {
    expect(fullName({ first_name: 'Maryam', last_name: 'Ahmadi' })).toBe('Maryam Ahmadi');
    expect(fullName({ first_name: 'مریم', last_name: null })).toBe('مریم');
  });
});

describe('dates and money', () => {
  it('parses calendar dates without a time-zone shift', () => {
    const d = parseDateOnly('2024-03-01');
    expect(d?.getFullYear()).toBe(2024);
    expect(d?.getMonth()).toBe(2);
    expect(d?.getDate()).toBe(1);
  });

  it('cuts a time part off for date inputs', () => {
    expect(toDateInputValue('2024-03-01T00:00:00.000000Z')).toBe('2024-03-01');
    expect(toDateInputValue('2024-03-01')).toBe('2024-03-01');
    expect(toDateInputValue(null)).toBe('');
    expect(toDateInputValue('garbage')).toBe('');
  });

  it('formats decimal strings as money with two places', () => {
    expect(formatMoney('1250.00', 'en-US')).toBe('1,250.00');
    expect(formatMoney('0.5', 'en-US')).toBe('0.50');
    expect(formatMoney(null, 'en-US')).toBeNull();
    expect(formatMoney('', 'en-US')).toBeNull();
  });
});
