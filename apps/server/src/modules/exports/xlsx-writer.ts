import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { localiseMessage } from '@app/shared/i18n/localise';
import { solarHijriDay } from '@app/shared/afghan-months';
import { solarHijriMonthSpan, solarHijriYearSpan } from '@app/shared/solar-hijri-periods';
import { HEADINGS, PREP_TEXT, SOLAR_HIJRI, isRightToLeft, type ExportLanguage, type ExportTexts, type Heading } from './export-headings.ts';

/**
 * One sheet written with exceljs's streaming WorkbookWriter straight into the answer: rows go
 * out (zipped) as they are read, so what the server holds is a page of rows and the zip's
 * buffers, whatever the number of rows.
 */

// Loaded with the first export, not at start: exceljs and the zip libraries it brings keep an
// idle server larger, for routes it may never answer (decision 0020; figures:
// docs/benchmarks/2026-11-24-exceljs-on-first-export.md).
let excelModule: Promise<typeof ExcelJS> | undefined;
const loadExcelJS = () => (excelModule ??= import('exceljs').then((m) => m.default));

/** What a column holds: text (a text cell, never a formula), a number, a date (a real Excel date), a share shown as a percentage, a school grade. */
export type CellKind = 'text' | 'number' | 'date' | 'percent' | 'schoolGrade';
export type CellValue = string | number | null;

export interface Column<R> {
  /** One of the shared HEADINGS, or the sheet's own heading in each language. */
  heading: Heading | ExportTexts;
  kind: CellKind;
  /** Width in characters (Excel's unit). */
  width: number;
  /** What the column's figure means, as a note on its heading (an English message, written in the sheet's language). */
  note?: string;
  /** The child's field the column shows, when it is one of a sensitivity class: left out for those who may not view it. */
  childField?: string;
  value(row: R): CellValue;
  /**
   * A month or year kept in the Gregorian calendar: what it is for a Solar Hijri reader, written
   * in a column beside it (a date column gets one without saying so).
   */
  solarHijri?(row: R, language: ExportLanguage): string | null;
}

/** A row's Gregorian month, as the Solar Hijri months it covers ("Hut 1404 – Hamal 1405"). */
export const solarHijriMonth = (row: { month: number; year: number }, language: ExportLanguage) => solarHijriMonthSpan(row.month, row.year, language);

/** A row's Gregorian year, as the Solar Hijri years it covers ("1404–1405"). */
export const solarHijriYear = (row: { year: number }, language: ExportLanguage) => solarHijriYearSpan(row.year, language);

/**
 * Excel's Text format. Every text value is written as a string cell (never a formula: exceljs
 * writes a formula only from a { formula } value) in this format, so `=HYPERLINK(…)` typed into a
 * child's notes reads exactly as typed, is not evaluated when the file is opened, and stays text
 * when a reader edits the cell and presses Enter (decision 0025).
 */
const TEXT_FORMAT = '@';

function numberFormat(kind: CellKind, language: ExportLanguage): string | undefined {
  switch (kind) {
    case 'text':
      return TEXT_FORMAT;
    case 'date':
      return 'yyyy-mm-dd';
    case 'percent':
      return '0%';
    case 'schoolGrade':
      // Grade 0 is PREP (spec section 3), in the reader's language; the cell stays a number a
      // reader can sort and filter by.
      return `[=0]"${PREP_TEXT[language]}";0`;
    default:
      return undefined;
  }
}

/** A stored date 'YYYY-MM-DD' as a Date at UTC midnight: exceljs writes it as a whole Excel day. */
function excelDate(iso: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : iso;
}

function cell(kind: CellKind, value: CellValue): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  switch (kind) {
    case 'text':
      return String(value);
    case 'date':
      return typeof value === 'string' ? excelDate(value) : value;
    default: {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
  }
}

/** The writer stopped because the reader went away (a closed tab): nothing to report to anyone. */
export class ExportAborted extends Error {}

/**
 * How far the writer may run ahead of the zip and of the reader: a page's worth of XML and more,
 * so exceljs writes the next page while zlib compresses the last one (waiting at every 16 KB
 * would take turns instead); still a constant, whatever the number of rows.
 */
const AHEAD_BYTES = 1024 * 1024;
// The zip's input is a readable-stream 2 PassThrough (archiver-utils), which has no writableLength.
type Buffering = Writable & { _writableState?: { length?: number } };
const buffered = (s: Buffering): number => s.writableLength ?? s._writableState?.length ?? 0;
const tooFarAhead = (s: Buffering | undefined): boolean => !!s && !s.destroyed && buffered(s) > AHEAD_BYTES;

/** Resolves when the stream asks for more, or ends either way (then the caller looks again). */
function drainOf(s: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      s.off('drain', done);
      s.off('close', done);
      s.off('error', done);
      resolve();
    };
    s.on('drain', done);
    s.on('close', done);
    s.on('error', done);
  });
}

/**
 * Wait until the bytes written so far have moved on. exceljs pushes a sheet's bytes into the
 * zip's input without looking at its answer (its StreamBuf ignores backpressure), so writing
 * ahead of a slow reader would pile the whole file up in memory. Between pages, when the zip's
 * input (the stream archiver reads the sheet from) or the answer holds more than AHEAD_BYTES,
 * we wait for it to empty.
 */
async function drained(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const zipInput = (sheet as unknown as { stream?: { pipes?: Buffering[] } }).stream?.pipes?.[0];
  for (;;) {
    if (out.destroyed) throw new ExportAborted();
    // Past the mark a write has returned false, so 'drain' follows once the stream has emptied.
    if (tooFarAhead(zipInput)) await drainOf(zipInput!);
    else if (tooFarAhead(out)) await drainOf(out);
    else return;
  }
}

export interface SheetOptions<R> {
  sheetName: string;
  language: ExportLanguage;
  columns: ReadonlyArray<Column<R>>;
  /** The rows, a page at a time (a database cursor or keyset pages). */
  pages: AsyncIterable<readonly R[]>;
  /** The reader's calendar: for Solar Hijri, each date column is followed by the same days in Solar Hijri. */
  calendar?: 'gregorian' | 'persian';
}

/** A sheet column and the words heading it. */
interface SheetColumn<R> extends Column<R> {
  label: string;
  key: string;
}

/** A Gregorian day as the Kabul office writes it in Solar Hijri, 1405/09/02 (text: Excel has no such calendar). */
function solarHijriText(value: CellValue): string | null {
  const day = typeof value === 'string' ? solarHijriDay(value) : null;
  if (!day) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.year}/${pad(day.month)}/${pad(day.day)}`;
}

/**
 * The columns as written: with a Solar Hijri reader, each date column, and each month or year
 * column kept in the Gregorian calendar, has its Solar Hijri twin beside it.
 */
function sheetColumns<R>(columns: ReadonlyArray<Column<R>>, language: ExportLanguage, calendar: 'gregorian' | 'persian'): Array<SheetColumn<R>> {
  return columns.flatMap((c, i) => {
    const texts = typeof c.heading === 'string' ? HEADINGS[c.heading] : c.heading;
    const own: SheetColumn<R> = { ...c, label: texts[language], key: `column${i}` };
    const twin = c.solarHijri ? (row: R) => c.solarHijri!(row, language) : c.kind === 'date' ? (row: R) => solarHijriText(c.value(row)) : null;
    if (!twin || calendar !== 'persian') return [own];
    const width = c.kind === 'date' ? 12 : 22;
    const hijri: SheetColumn<R> = { ...c, note: undefined, kind: 'text', width, value: twin, label: `${own.label} (${SOLAR_HIJRI[language]})`, key: `column${i}SolarHijri` };
    return [own, hijri];
  });
}

/**
 * Write the workbook into `out` and end it. Bold, frozen header row; right to left for Dari and
 * Pashto. Resolves once the last byte is handed on; rejects with ExportAborted when `out` closes early.
 */
export async function writeSheet<R>(out: Writable, { sheetName, language, columns: given, pages, calendar = 'gregorian' }: SheetOptions<R>): Promise<number> {
  const columns = sheetColumns(given, language, calendar);
  const excel = await loadExcelJS();
  // No shared strings: their table would hold every distinct text until the end.
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, {
    views: [{ rightToLeft: isRightToLeft(language), state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => {
    const numFmt = numberFormat(c.kind, language);
    return { key: c.key, width: c.width, style: numFmt ? { numFmt } : {} };
  });
  const header = sheet.addRow(columns.map((c) => c.label));
  header.font = { bold: true };
  columns.forEach((c, i) => {
    if (c.note) header.getCell(i + 1).note = localiseMessage(c.note, language);
  });
  header.commit();

  let count = 0;
  const values: ExcelJS.CellValue[] = new Array(columns.length);
  for await (const page of pages) {
    for (const row of page) {
      for (let i = 0; i < columns.length; i++) values[i] = cell(columns[i]!.kind, columns[i]!.value(row));
      const added = sheet.addRow(values);
      // Text where a number or date was expected (an odd stored value) is text too.
      for (let i = 0; i < columns.length; i++) if (typeof values[i] === 'string' && columns[i]!.kind !== 'text') added.getCell(i + 1).numFmt = TEXT_FORMAT;
      added.commit();
    }
    count += page.length;
    await drained(sheet, out);
  }
  sheet.commit();
  // exceljs waits for `out` to finish; a reader gone by then would leave it waiting for ever.
  const closedEarly = new Promise<never>((_, reject) => out.once('close', () => !out.writableFinished && reject(new ExportAborted())));
  closedEarly.catch(() => undefined);
  await Promise.race([workbook.commit(), closedEarly]);
  return count;
}
