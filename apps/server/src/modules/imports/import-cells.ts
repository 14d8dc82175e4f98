import { IMPORT_MAX_CELL_CHARS, IMPORT_MESSAGES as MSG } from '@app/shared/schemas/import.schema';
import { parseImportDate } from './import-dates.ts';

/**
 * One mapped cell as its form would take it: trimmed; refused when longer than a cell may be; a
 * date read in any of its forms (ISO, d/m/y, Excel serial, Solar Hijri); otherwise `convert`
 * (choices in any language, numbers in any digits). `value` is undefined for an empty cell and for
 * one refused, whose reason is `error`.
 */
export function readImportCell(raw: string | undefined, isDate: boolean, convert: (value: string) => string): { value: string | undefined; error?: string } {
  const text = (raw ?? '').trim();
  if (text.length > IMPORT_MAX_CELL_CHARS) return { value: undefined, error: MSG.cellTooLong };
  if (text === '') return { value: undefined };
  if (!isDate) return { value: convert(text) };
  const date = parseImportDate(text);
  if ('error' in date) return { value: undefined, error: date.error };
  return { value: 'iso' in date ? date.iso : undefined };
}
