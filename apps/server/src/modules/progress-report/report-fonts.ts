import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

/**
 * The report's typeface, Vazirmatn (decision 0028), from @fontsource/vazirmatn's per-script
 * subsets: the Arabic subset has Arabic letters, Persian digits and ZWNJ but no Latin, ':' or
 * '(' (and a space with no width), the Latin subsets have no Arabic. A character is drawn in
 * the first subset that has it.
 */
export type FontScript = 'arabic' | 'latin' | 'latin-ext';
export type FontWeight = 400 | 700;

/** The order a character's font is looked for in, when the piece being built cannot take it. */
export const SCRIPT_ORDER: readonly FontScript[] = ['latin', 'arabic', 'latin-ext'];
const WEIGHTS: readonly FontWeight[] = [400, 700];

export const fontName = (script: FontScript, weight: FontWeight) => `vazirmatn-${script}-${weight}`;

/** The part of a fontkit font we use; pdfkit takes the object itself as a font source. */
export interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): unknown;
}

export interface ReportFont {
  name: string;
  script: FontScript;
  weight: FontWeight;
  font: FontkitFont;
}

let loaded: Promise<ReportFont[]> | undefined;

/**
 * The fonts, read and parsed once per process with the first report and handed to every
 * report's pdfkit document as parsed fontkit fonts: parsing a WOFF (inflating its tables,
 * reading its shaping tables) per report cost more than drawing it. Resolved when first needed,
 * not when this module loads: the server also runs as an esbuild bundle
 * (scripts/build-server.mjs), where the packages are found from the bundle's location at run time.
 * fontkit is pdfkit's own dependency, resolved from pdfkit, so it is the one pdfkit uses.
 */
export function reportFonts(): Promise<ReportFont[]> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): FontkitFont };
    const files = path.join(path.dirname(require.resolve('@fontsource/vazirmatn/package.json')), 'files');
    const fonts = SCRIPT_ORDER.flatMap((script) => WEIGHTS.map((weight) => ({ script, weight })));
    return Promise.all(
      fonts.map(async ({ script, weight }) => ({
        name: fontName(script, weight),
        script,
        weight,
        font: fontkit.create(woffToSfnt(await readFile(path.join(files, `vazirmatn-${script}-${weight}-normal.woff`)))),
      })),
    );
  })();
  // A failed read (a missing package) is tried again by the next report, not remembered.
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/**
 * A WOFF 1.0 file as the plain TrueType/OpenType font it wraps: its tables inflated once.
 * fontkit reads a WOFF too, but inflates a table each time it is asked for one — and the
 * subsetting at the end of every report asks for the glyph table once per glyph, which made
 * that step most of a report's time.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font.');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('A WOFF table does not inflate to its length.');
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data };
  });
  // The sfnt offset table: the binary-search fields are derived from the number of tables.
  const power = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  woff.copy(header, 0, 4, 8); // flavor: 0x00010000 (TrueType) or 'OTTO'
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    t.tag.copy(header, record);
    header.writeUInt32BE(t.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(t.data.length, record + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
