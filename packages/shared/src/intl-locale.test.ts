import { expect, it } from 'vitest';
import { gregorianParts, intlLocale } from './intl-locale.ts';

it('gives Intl the language itself when it has it, and Pashto a stand-in with the same digits when it has not', () => {
  expect(intlLocale('fa-AF')).toBe('fa-AF');
  expect(intlLocale('en')).toBe('en');
  // Node has Pashto; a browser without it (Chromium) gets Dari's digits and forms.
  expect(['ps-AF', 'fa-AF']).toContain(intlLocale('ps-AF'));
  expect(new Intl.NumberFormat(intlLocale('ps-AF')).format(1234.5)).toBe('۱٬۲۳۴٫۵');
});

it('writes a Gregorian month in Pashto by its Pashto name', () => {
  const parts = gregorianParts(new Date(Date.UTC(2026, 10, 28)), 'ps-AF', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  expect(parts.find((p) => p.type === 'month')?.value).toBe('نومبر');
  expect(parts.find((p) => p.type === 'year')?.value).toBe('۲۰۲۶');
});
