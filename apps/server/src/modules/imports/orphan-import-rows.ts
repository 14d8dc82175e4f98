import { ORPHAN_PROFILE_PARTS, orphanSchema, type OrphanData } from '@app/shared/schemas/orphan.schema';
import { readImportCell } from './import-cells.ts';
import { childKey, ORPHAN_CHOICE_FIELDS, ORPHAN_DATE_FIELDS, orphanChoice } from './orphan-import-fields.ts';

/**
 * One row of a children's sheet, checked as the orphan form is checked (orphanSchema: the same
 * rules and messages), after the sheet's ways of writing are read: dates in any of their forms,
 * choices in any language, the profile's parts from their own columns.
 */

export interface RowError {
  field: string;
  message: string;
}

export interface CheckedRow<D = OrphanData> {
  errors: RowError[];
  /** The row read into fields (what the preview shows). */
  values: Record<string, string | null>;
  /** The valid row: the record to create. */
  data?: D;
  /** Its fields that the row gives a value (what an update of an existing child takes). */
  given?: Partial<D>;
  /** What a duplicate shares (childKey), when the row names a child fully. */
  key?: string;
}

const PARTS = new Set<string>(ORPHAN_PROFILE_PARTS);

export function checkOrphanRow(cells: readonly string[], mapping: readonly (string | null)[]): CheckedRow {
  const fields: Record<string, unknown> = {};
  const profile: Record<string, string> = {};
  const values: Record<string, string | null> = {};
  const errors: RowError[] = [];
  const ownError = new Set<string>();
  const givenFields = new Set<string>();
  mapping.forEach((field, i) => {
    if (!field) return;
    const { value, error } = readImportCell(cells[i], ORPHAN_DATE_FIELDS.has(field), (v) => (ORPHAN_CHOICE_FIELDS.has(field) ? orphanChoice(field, v) : v));
    if (error) {
      errors.push({ field, message: error });
      ownError.add(field);
    }
    values[field] = value ?? null;
    if (value === undefined) return;
    givenFields.add(PARTS.has(field) ? 'profile' : field);
    if (PARTS.has(field)) profile[field] = value;
    else fields[field] = value;
  });
  if (Object.keys(profile).length) fields.profile = profile;
  const parsed = orphanSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] === 'profile' && issue.path[1] ? issue.path[1] : (issue.path[0] ?? ''));
      if (ownError.has(field) || errors.some((e) => e.field === field && e.message === issue.message)) continue;
      errors.push({ field, message: issue.message });
    }
  }
  if (!parsed.success || errors.length) return { errors, values };
  const data = parsed.data;
  const given = Object.fromEntries([...givenFields].map((f) => [f, data[f as keyof OrphanData]])) as Partial<OrphanData>;
  return { errors, values, data, given, key: childKey(data) };
}
