import { SENSITIVE_FIELDS } from '@app/shared/sensitivity';
import { ORPHAN_FIELDS } from '@app/shared/schemas/orphan.schema';
import { fieldCipher } from '../../lib/field-cipher.ts';

/**
 * The child's columns of the sensitive classes (shared/sensitivity.ts, the one map), sealed on
 * their way into the database and opened on their way out (lib/field-cipher.ts, decision 0060).
 * Every value is text once sealed: money's cents as their decimal digits. The orphans module's
 * repository is the one place that calls these for a child's row; another module reading one of
 * these columns opens it with `openChildColumn`.
 */

const TABLE = 'orphans';

/** A field's column: a part of a field kept in parts is `<field>_<part>`, money `<field>_cents`. */
function columnOf(field: string): string {
  const [name, part] = field.split('.');
  if (part) return `${name}_${part}`;
  const def = (ORPHAN_FIELDS as Record<string, { storage: string }>)[name!];
  return def?.storage === 'cents' ? `${name}_cents` : name!;
}

export const SEALED_COLUMNS: readonly string[] = Object.keys(SENSITIVE_FIELDS).map(columnOf);
const NUMERIC = new Set(SEALED_COLUMNS.filter((c) => c.endsWith('_cents')));
const SEALED = new Set(SEALED_COLUMNS);

type Row = Record<string, unknown>;

/**
 * The blind-index token of a medical condition (decision 0060), stored in `medical_token`: the
 * overview counts and lists the children of a condition by it without opening any. Equal
 * conditions give equal tokens, so it tells which children share a condition, not which one.
 */
export const conditionToken = (condition: string): string => fieldCipher().blindToken('medical', condition);

/** `values` with each sensitive column present sealed for child `id` (null stays null), and the condition's token with the condition. */
export function sealChildColumns<T extends Row>(id: number, values: T): T {
  const cipher = fieldCipher();
  const out: Row = { ...values };
  for (const column of SEALED_COLUMNS) {
    const v = out[column];
    if (v !== undefined && v !== null) out[column] = cipher.seal(TABLE, column, id, String(v));
  }
  if ('medical_condition' in values) out.medical_token = values.medical_condition == null ? null : conditionToken(String(values.medical_condition));
  return out as T;
}

/** One sensitive column of child `id` as stored → its value (a number for money). */
export function openChildColumn(column: string, id: number, stored: unknown): string | number | null {
  if (stored === null || stored === undefined) return null;
  const text = fieldCipher().open(TABLE, column, id, String(stored));
  return NUMERIC.has(column) ? Number(text) : text;
}

/** A row read from `orphans` (any selection holding `id`) with its sensitive columns opened. */
export function openChildRow<T extends { id: number }>(row: T): T {
  const out: Row = { ...row };
  for (const column of Object.keys(out)) if (SEALED.has(column)) out[column] = openChildColumn(column, row.id, out[column]);
  return out as T;
}

/** The sensitive columns of `values` set to null: what an insert stores before its id is known to seal with. */
export function withoutSealedColumns<T extends Row>(values: T): T {
  const out: Row = { ...values };
  for (const column of SEALED_COLUMNS) if (column in out) out[column] = null;
  return out as T;
}

export const isSealedColumn = (column: string): boolean => SEALED.has(column);
