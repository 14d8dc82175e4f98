import { fieldCipher } from '../../lib/field-cipher.ts';

/*
 * A staged row's cells and its undo copy are sealed as a child's fields are (decision 0060): one
 * seal per row and column (the JSON whole, not each cell), bound to the table, the column, the
 * row's number and the import, so a value moved to another row or import fails to open.
 */

const TABLE = 'import_rows';
export type StagedColumn = 'cells' | 'before';

const bound = (column: StagedColumn, rowNumber: number) => `${column}.${rowNumber}`;

export function sealStaged(importId: number, rowNumber: number, column: StagedColumn, json: string): string {
  return fieldCipher().seal(TABLE, bound(column, rowNumber), importId, json);
}

/** The JSON a staged row's column was sealed with; DamagedFieldError for anything else. */
export function openStaged(row: { import_id: number; row_number: number }, column: StagedColumn, stored: string): string {
  return fieldCipher().open(TABLE, bound(column, row.row_number), row.import_id, stored);
}

export const stagedCells = (row: { import_id: number; row_number: number; cells: string }): string[] => JSON.parse(openStaged(row, 'cells', row.cells)) as string[];
