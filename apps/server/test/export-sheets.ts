import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/** An export's answer as received: the .xlsx bytes, or a JSON refusal. */
export interface Exported {
  status: number;
  headers: Headers;
  body: Buffer;
  json(): any;
}

/** `POST /api/export/<kind>` as the web app sends it. */
export async function exportFile(server: TestServer, token: string, kind: string, body: unknown, headers: Record<string, string> = {}): Promise<Exported> {
  const res = await fetch(`${server.url}/api/export/${kind}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...headers },
    body: JSON.stringify(body),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body: buf, json: () => JSON.parse(buf.toString('utf8')) };
}

/** The workbook's one sheet, opened with exceljs as a reader's spreadsheet would. */
export async function openSheet(file: Exported): Promise<ExcelJS.Worksheet> {
  expect(file.status, file.body.toString('utf8').slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

export const headings = (sheet: ExcelJS.Worksheet): unknown[] => (sheet.getRow(1).values as unknown[]).slice(1);

/** The data rows as objects keyed by heading. */
export function records(sheet: ExcelJS.Worksheet): Array<Record<string, unknown>> {
  const head = headings(sheet) as string[];
  const out: Array<Record<string, unknown>> = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    out.push(Object.fromEntries(head.map((h, i) => [h, values[i] ?? null])));
  });
  return out;
}
