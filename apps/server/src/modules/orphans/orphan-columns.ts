import { ORPHAN_FIELD_ENTRIES, type Orphan, type OrphanData, type OrphanFieldName } from '@app/shared/schemas/orphan.schema';
import type { OrphanFieldColumns, OrphansTable } from '../../db/schema.ts';

/**
 * The orphan record's fields as columns and back, derived from the shared field list
 * (ORPHAN_FIELDS): a new plain field needs nothing here. Each field's columns and its two
 * conversions are worked out once, at load; a row or a request is then one pass over them.
 */

type Row = Record<string, unknown>;
interface FieldColumnsPlan {
  name: OrphanFieldName;
  columns: string[];
  /** The field's value in a validated request → its column values, in `columns` order. */
  store(value: unknown): unknown[];
  /** The row → the field's value in an answer. */
  read(row: Row): unknown;
}

// Money: integer cents in storage, "1250.00" strings on the wire — never binary floating point.
function toCents(decimal: string | undefined): number | null {
  if (decimal === undefined) return null;
  const [whole, frac = ''] = decimal.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

function fromCents(cents: number | null): string | null {
  if (cents === null || cents === undefined) return null;
  const c = Number(cents);
  return `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
}

const PLANS: FieldColumnsPlan[] = ORPHAN_FIELD_ENTRIES.map(([name, def]): FieldColumnsPlan => {
  if (def.storage === 'cents') {
    const column = `${name}_cents`;
    return { name, columns: [column], store: (v) => [toCents(v as string | undefined)], read: (r) => fromCents(r[column] as number | null) };
  }
  if (def.storage === 'parts') {
    const parts = def.parts ?? [];
    const columns = parts.map((p) => `${name}_${p}`);
    return {
      name,
      columns,
      store: (v) => parts.map((p) => (v as Record<string, string | undefined> | undefined)?.[p] ?? null),
      // All parts empty: no value at all (null), as it was given.
      read: (r) => (columns.some((c) => r[c] !== null) ? Object.fromEntries(parts.map((p, i) => [p, r[columns[i]!]])) : null),
    };
  }
  return { name, columns: [name], store: (v) => [v ?? null], read: (r) => r[name] };
});

/** Every column of the record's fields, in the field list's order. */
export const FIELD_COLUMNS = PLANS.flatMap((p) => p.columns) as Array<keyof OrphanFieldColumns & keyof OrphansTable>;

/** A validated request's columns; fields left out are cleared (PUT replaces the record). */
export function toFieldColumns(data: OrphanData): OrphanFieldColumns {
  const out: Row = {};
  for (const plan of PLANS) {
    const values = plan.store(data[plan.name]);
    for (let i = 0; i < plan.columns.length; i++) out[plan.columns[i]!] = values[i];
  }
  return out as OrphanFieldColumns;
}

/** The fields of an answer from a row (values were validated on their way in). */
export function fieldAnswers(row: OrphanFieldColumns): Pick<Orphan, OrphanFieldName> {
  const out: Row = {};
  for (const plan of PLANS) out[plan.name] = plan.read(row as unknown as Row);
  return out as Pick<Orphan, OrphanFieldName>;
}
