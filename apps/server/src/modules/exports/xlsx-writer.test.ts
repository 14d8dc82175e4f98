import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ExportAborted, writeSheet, type Column } from './xlsx-writer.ts';

/**
 * The streaming writer's promise: it reads the next page only when the bytes written so far have
 * moved on, so a slow reader holds the export back instead of the server buffering the file.
 * Checked by state (pages read while the reader takes nothing), never by time.
 */

interface Row {
  id: number;
  text: string;
}
const COLUMNS: Array<Column<Row>> = [
  { heading: 'id', kind: 'number', width: 8, value: (r) => r.id },
  { heading: { en: 'Notes', 'fa-AF': 'یادداشت‌ها', 'ps-AF': 'یادښتونه' }, kind: 'text', width: 40, value: (r) => r.text },
];
const PAGE = 100;
const PAGES = 200;

/** Pages of rows with text that does not compress away (about 40 KB of XML a page, 8 MB in all), counting how many were read. */
function pagesOf(counter: { read: number }): AsyncIterable<Row[]> {
  return {
    async *[Symbol.asyncIterator]() {
      for (let p = 0; p < PAGES; p++) {
        counter.read++;
        yield Array.from({ length: PAGE }, (_, i) => ({ id: p * PAGE + i, text: randomBytes(300).toString('base64') }));
      }
    },
  };
}

/** A reader that takes nothing until `open()`, then everything. */
function heldReader() {
  const chunks: Buffer[] = [];
  let release: (() => void) | null = null;
  const waiting: Array<() => void> = [];
  const sink = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      if (release) done();
      else waiting.push(done);
    },
  });
  return {
    sink,
    chunks,
    open() {
      release = () => {};
      for (const done of waiting.splice(0)) done();
    },
  };
}

const settle = async (turns = 200) => {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('xlsx writer', () => {
  it('stops reading pages while the reader takes nothing, and finishes once it reads', async () => {
    const counter = { read: 0 };
    const reader = heldReader();
    const done = writeSheet(reader.sink, { sheetName: 'Test', language: 'en', columns: COLUMNS, pages: pagesOf(counter) });
    await settle();
    const whileHeld = counter.read;
    await settle();
    // Waiting, not racing ahead: the pages that fill the writer's allowance (1 MB) and the zip's
    // and the reader's buffers, then nothing more is read.
    expect(counter.read).toBe(whileHeld);
    expect(whileHeld).toBeLessThan(PAGES / 3);

    reader.open();
    expect(await done).toBe(PAGE * PAGES);
    expect(counter.read).toBe(PAGES);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(reader.chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(PAGE * PAGES + 1);
    expect(sheet.getRow(PAGE * PAGES + 1).getCell(1).value).toBe(PAGE * PAGES - 1);
  });

  it('gives up with ExportAborted when the reader goes away', async () => {
    const counter = { read: 0 };
    const reader = heldReader();
    const done = writeSheet(reader.sink, { sheetName: 'Test', language: 'en', columns: COLUMNS, pages: pagesOf(counter) });
    await settle();
    reader.sink.destroy();
    await expect(done).rejects.toBeInstanceOf(ExportAborted);
    expect(counter.read).toBeLessThan(PAGES / 3);
  });
});
