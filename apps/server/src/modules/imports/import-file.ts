import { Readable } from 'node:stream';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MESSAGES as MSG } from '@app/shared/schemas/import.schema';
import { AppError } from '../../lib/app-error.ts';
import { csvRows, decodeText } from './import-csv.ts';
import { unpackedSize } from './zip-directory.ts';

/**
 * A spreadsheet's rows as text cells, one row at a time, from an .xlsx workbook (its first sheet,
 * streamed by exceljs's reader: a formula gives its cached value, never the formula) or a CSV file.
 * What the file is comes from its bytes, not its name; a name that says otherwise is refused.
 * The limits hold while the file is read: past 50,000 rows, 100 columns, or a workbook that
 * would unpack to more than it could hold, reading stops with a 422 and nothing is kept.
 */

/** What a workbook may unpack to: a full 50,000-row sheet is well below it; a zip bomb is far above. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/** Every cell's text together: the rows are staged in the database, not in memory, but not without end. */
const MAX_TOTAL_CHARS = 64 * 1024 * 1024;

export type SheetKind = 'xlsx' | 'csv';

const refuse = (message: string) => AppError.validation('file', message);

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/** Formats people upload by mistake: PDF, images, the old binary .xls (and other OLE files), gzip, RAR, 7z. */
const OTHER_FORMATS = [
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x1f, 0x8b],
  [0x52, 0x61, 0x72, 0x21],
  [0x37, 0x7a, 0xbc, 0xaf],
];

export function sheetKindOf(data: Buffer, fileName: string): SheetKind {
  if (data.length === 0) throw refuse(MSG.fileEmpty);
  const name = fileName.toLowerCase();
  const zip = startsWith(data, [0x50, 0x4b, 0x03, 0x04]);
  if (zip) {
    if (/\.(csv|tsv|txt)$/.test(name)) throw refuse(MSG.fileNotSpreadsheet);
    return 'xlsx';
  }
  if (/\.(xlsx|xlsm|xls)$/.test(name) || OTHER_FORMATS.some((m) => startsWith(data, m))) throw refuse(MSG.fileNotSpreadsheet);
  return 'csv';
}

/** A cell's value as the text a person sees in it (dates as YYYY-MM-DD). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const v = value as { result?: unknown; formula?: unknown; sharedFormula?: unknown; richText?: Array<{ text: string }>; text?: unknown; error?: unknown };
    // A formula's cached value, as Excel last worked it out; the formula itself is never kept.
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return cellText(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return cellText(v.text);
    if ('error' in v) return '';
  }
  return '';
}

/** A row's cells, cut where a cell is too long to be a value (the check names it later). */
function limited(cells: string[]): string[] {
  for (let i = 0; i < cells.length; i++) if (cells[i]!.length > IMPORT_MAX_CELL_CHARS) cells[i] = cells[i]!.slice(0, IMPORT_MAX_CELL_CHARS + 1);
  return cells;
}

async function* xlsxRows(data: Buffer): AsyncGenerator<{ number: number; cells: string[] }> {
  const size = unpackedSize(data);
  if (size === null) throw refuse(MSG.workbookUnreadable);
  if (size > MAX_UNPACKED_BYTES) throw refuse(MSG.workbookTooLarge);
  // Loaded with the first workbook read, not at start (as the exports load it).
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        // exceljs's row values start at index 1 (column A); holes are empty cells.
        for (let c = 1; c < values.length; c++) cells.push(cellText(values[c]).trim());
        yield { number: row.number, cells };
      }
      // The first sheet only: a second one is the template's explanations, or another table.
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse(MSG.workbookUnreadable);
  }
}

/**
 * A CSV text's rows, refused at once when there are too many: the text is in memory already and
 * splitting it is quick, so a file over the limit is not checked row by row before it is refused.
 */
function countedCsvRows(text: string): Generator<{ number: number; cells: string[] }> {
  let rows = 0;
  for (const { cells } of csvRows(text)) {
    // The heading row is not counted among the rows.
    if (cells.some((c) => c !== '') && ++rows > IMPORT_MAX_ROWS + 1) throw refuse(MSG.tooManyRows);
  }
  return csvRows(text);
}

/**
 * The sheet's rows, checked against the limits as they come: empty rows are left out, and each
 * row carries its number in the sheet (what a person finds it by).
 */
export async function* sheetRows(data: Buffer, kind: SheetKind): AsyncGenerator<{ number: number; cells: string[] }> {
  const source = kind === 'xlsx' ? xlsxRows(data) : countedCsvRows(decodeText(data));
  let kept = 0;
  let chars = 0;
  for await (const { number, cells: raw } of source) {
    if (raw.every((c) => c === '')) continue;
    let width = raw.length;
    while (width > 0 && raw[width - 1] === '') width--;
    if (width > IMPORT_MAX_COLUMNS) throw refuse(MSG.tooManyColumns);
    const cells = limited(raw.slice(0, width));
    for (const c of cells) chars += c.length;
    if (chars > MAX_TOTAL_CHARS) throw refuse(MSG.workbookTooLarge);
    // The heading row is not counted among the rows.
    if (kept++ > IMPORT_MAX_ROWS) throw refuse(MSG.tooManyRows);
    yield { number, cells };
  }
}
