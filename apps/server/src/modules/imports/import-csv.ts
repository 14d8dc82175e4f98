import { IMPORT_MESSAGES as MSG } from '@app/shared/schemas/import.schema';
import { AppError } from '../../lib/app-error.ts';

/**
 * A CSV file as spreadsheets save it: UTF-8 with or without a byte-order mark, or UTF-16 (what
 * Excel's "Unicode text" and LibreOffice write), separated by commas, semicolons (Excel where the
 * decimal mark is a comma) or tabs. Text that is not valid in its encoding is refused, never
 * read with replacement characters in people's names.
 */

function utf16Without(data: Buffer): 'utf-16le' | 'utf-16be' | null {
  // Text of Latin or Arabic letters in UTF-16 has a zero in most high bytes; UTF-8 text has none.
  const sample = data.subarray(0, Math.min(data.length, 4096));
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) evenZeros++;
    else oddZeros++;
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.3 && evenZeros < half * 0.05) return 'utf-16le';
  if (evenZeros > half * 0.3 && oddZeros < half * 0.05) return 'utf-16be';
  return null;
}

function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
}

export function decodeText(data: Buffer): string {
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  let body = data;
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) body = data.subarray(3);
  else if (data[0] === 0xff && data[1] === 0xfe) [encoding, body] = ['utf-16le', data.subarray(2)];
  else if (data[0] === 0xfe && data[1] === 0xff) [encoding, body] = ['utf-16be', data.subarray(2)];
  else encoding = utf16Without(data) ?? 'utf-8';
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(body);
  } catch {
    throw AppError.validation('file', MSG.textNotReadable);
  }
  // Control characters other than tabs and line ends are no spreadsheet's: a binary file.
  if (hasControlCharacters(text)) throw AppError.validation('file', MSG.fileNotSpreadsheet);
  return text;
}

/** The separator of the first line: the most frequent of comma, semicolon and tab outside quotes. */
function separatorOf(text: string): string {
  const counts = new Map([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [sep, n] of counts) if (n > counts.get(best)!) best = sep;
  return best;
}

/** The rows of a CSV text (RFC 4180: quoted cells may hold separators, quotes doubled, and line breaks). */
export function* csvRows(text: string): Generator<{ number: number; cells: string[] }> {
  const sep = separatorOf(text);
  let number = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === sep) {
      cells.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') {
      cells.push(cell.trim());
      yield { number, cells };
      number++;
      cells = [];
      cell = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else cell += c;
    i++;
  }
  if (cell !== '' || cells.length) {
    cells.push(cell.trim());
    yield { number, cells };
  }
}
