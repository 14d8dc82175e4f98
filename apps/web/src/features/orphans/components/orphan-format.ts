import type { BadgeTone } from '../../../components/ui/badge.tsx';
import { intlLocale } from '@app/shared/intl-locale';

/**
 * Pure display rules of spec section 2/3 for orphans: PREP for grade 0, status colours,
 * capitalisation, money, '-' for empty values. No React, so they are unit-tested. Dates and ages
 * follow the reader's calendar: lib/format-date.ts and lib/age.ts.
 */

/** A `YYYY-MM-DD` (or ISO timestamp) string as a local calendar date, or null when it is not one. */
export function parseDateOnly(value: string | null | undefined): Date | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  // new Date(2024, 1, 31) rolls over to March: such input is not a real date.
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date;
}

/** Stored dates with a time part are cut to the date part for date inputs (spec section 3). */
export function toDateInputValue(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return m ? m[0] : '';
}

/** The grade shown to staff: 'PREP' for '0', 'Grade N' otherwise (labels come from the caller's t()). */
export function gradeLabel(
  grade: string | number | null | undefined,
  labels: { prep: string; numbered: (grade: string) => string },
): string | null {
  if (grade === null || grade === undefined) return null;
  const value = String(grade).trim();
  if (value === '') return null;
  return value === '0' ? labels.prep : labels.numbered(value);
}

/** Spec: a missing status displays as Active. */
export function effectiveStatus(status: string | null | undefined): string {
  const value = status?.trim();
  return value ? value : 'active';
}

/** Status badge colours: active green, inactive red, anything else blue. */
export function statusTone(status: string | null | undefined): BadgeTone {
  const value = effectiveStatus(status).toLowerCase();
  if (value === 'active') return 'green';
  if (value === 'inactive') return 'red';
  return 'blue';
}

/** First letter upper-cased, the rest untouched ('male' → 'Male'). */
export function capitalise(value: string | null | undefined): string {
  if (!value) return '';
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

/** A decimal string such as "1250.00" in the locale's number format with two places. */
export function formatMoney(value: string | number | null | undefined, locale: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

/** Spec: empty values show as '-'. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const s = String(value).trim();
  return s === '' ? '-' : s;
}

/** "First Last" for headings and accessible names. */
export function fullName(o: { first_name?: string | null; last_name?: string | null }): string {
  return [o.first_name, o.last_name].filter((p) => p && p.trim()).join(' ');
}
