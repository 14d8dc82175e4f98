import ExcelJS from 'exceljs';
import { call, type TestServer } from '../../../test/harness.ts';

/** Files for the import tests, made as spreadsheets make them, and the upload call. */

/** An .xlsx workbook written by exceljs: the first sheet's rows as given (Dates become date cells, { formula, result } formulas). */
export async function workbook(rows: unknown[][], extraSheet = false): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Children');
  for (const row of rows) sheet.addRow(row);
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd/mm/yyyy';
    }),
  );
  if (extraSheet) book.addWorksheet('Other').addRow(['not', 'read']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A CSV text in an encoding spreadsheets save: UTF-8 (with or without a mark) or UTF-16 little-endian with its mark. */
export function csv(rows: string[][], { separator = ',', encoding = 'utf-8' as 'utf-8' | 'utf-8-bom' | 'utf-16le' } = {}): Buffer {
  const text = rows.map((r) => r.map((c) => (/[",;\t\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(separator)).join('\r\n') + '\r\n';
  if (encoding === 'utf-16le') return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  if (encoding === 'utf-8-bom') return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
  return Buffer.from(text, 'utf8');
}

export function uploadFile(server: TestServer, token: string, data: Buffer, name: string, fields: Record<string, string | number> = { kind: 'orphans' }, headers?: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return call(server, 'POST', '/api/imports', { token, body: form, headers });
}
