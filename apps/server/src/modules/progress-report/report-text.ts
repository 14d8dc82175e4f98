import { visualPieces, wrapWords, type Direction, type Piece } from './bidi-text.ts';
import { fontName, SCRIPT_ORDER, type FontScript, type FontWeight, type ReportFont } from './report-fonts.ts';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

export interface LineOptions extends TextStyle {
  /** Where in `width` the line sits: 'start' is the left in English and the right in Dari and Pashto. */
  align?: 'start' | 'end' | 'center';
  /** Shorten a line wider than its box, ending it with '…' (a table cell, a name), instead of drawing past the box. */
  fit?: boolean;
}

/** Line height per point of font size: Vazirmatn's Arabic ascenders and descenders need room. */
export const LINE_HEIGHT = 1.55;

/**
 * Whether a subset has a character, per font and process: asked for every character drawn.
 * Keyed by the parsed font, which lives as long as the process (report-fonts.ts).
 */
const coverage = new WeakMap<object, Map<number, boolean>>();

function has(font: ReportFont, codePoint: number): boolean {
  let known = coverage.get(font.font);
  if (!known) coverage.set(font.font, (known = new Map()));
  let v = known.get(codePoint);
  if (v === undefined) known.set(codePoint, (v = font.font.hasGlyphForCodePoint(codePoint)));
  return v;
}

/**
 * Widths of pieces at a font size of 1, per font and text, kept across reports: shaping an
 * Arabic word is the costly part of a report, and a report measures the same labels, names and
 * words again and again (each candidate line while wrapping). Emptied when it grows past its
 * bound rather than kept in order of use: a report refills what it needs in a few milliseconds.
 */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 20_000;

/**
 * Text on a pdfkit page in one direction: each line is split into bidi pieces (bidi-text.ts),
 * each piece drawn in the subset of Vazirmatn that has its characters, at a position computed
 * here — pdfkit never lays out more than one piece, so it never reorders anything.
 */
export class TextWriter {
  private readonly fonts = new Map<FontScript, ReportFont>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly direction: Direction,
    fonts: readonly ReportFont[],
  ) {
    // pdfkit takes a parsed fontkit font as a source (not in its types): no parsing per report.
    for (const f of fonts) doc.registerFont(f.name, f.font as unknown as PDFKit.Mixins.PDFFontSource);
    for (const f of fonts) if (f.weight === 400) this.fonts.set(f.script, f);
  }

  /**
   * The current piece's font when it has the character (fewer, longer pieces), else the first
   * that has it. Spaces always in the Latin subset: the Arabic subset maps the space to a glyph
   * with no width.
   */
  private readonly fontOf = (codePoint: number, current: FontScript | undefined): FontScript => {
    if (codePoint === 0x20) return 'latin';
    if (current && has(this.fonts.get(current)!, codePoint)) return current;
    return SCRIPT_ORDER.find((s) => has(this.fonts.get(s)!, codePoint)) ?? 'latin';
  };

  private pieceWidth(script: FontScript, text: string, style: TextStyle): number {
    const key = `${fontName(script, style.bold ? 700 : 400)}\u0000${text}`;
    let perPoint = widths.get(key);
    if (perPoint === undefined) {
      this.use(script, { ...style, size: 100 });
      perPoint = this.doc.widthOfString(text) / 100;
      if (widths.size >= WIDTHS_KEPT) widths.clear();
      widths.set(key, perPoint);
    }
    return perPoint * style.size;
  }

  private use(script: FontScript, style: TextStyle): void {
    const weight: FontWeight = style.bold ? 700 : 400;
    this.doc.font(fontName(script, weight)).fontSize(style.size);
  }

  private measured(line: string, style: TextStyle): { pieces: Array<Piece<FontScript> & { width: number }>; width: number } {
    let width = 0;
    const pieces = visualPieces(line, this.direction, this.fontOf).map((p) => {
      const w = this.pieceWidth(p.font, p.text, style);
      width += w;
      return { ...p, width: w };
    });
    return { pieces, width };
  }

  width(text: string, style: TextStyle): number {
    return this.measured(text, style).width;
  }

  lineHeight(style: TextStyle): number {
    return style.size * LINE_HEIGHT;
  }

  /** One line, never wrapped, placed in the box [x, x + width] by `align` and the direction. */
  line(text: string, x: number, y: number, width: number, options: LineOptions): void {
    const { pieces, width: used } = this.measured(options.fit ? this.fitted(text, width, options) : text, options);
    const align = options.align ?? 'start';
    const left =
      align === 'center' ? x + (width - used) / 2 : (align === 'start') === (this.direction === 'ltr') ? x : x + width - used;
    let at = left;
    this.doc.fillColor(options.color ?? '#1f2937');
    for (const p of pieces) {
      this.use(p.font, options);
      this.doc.text(p.text, at, y + (this.lineHeight(options) - options.size * 1.2) / 2, { lineBreak: false });
      at += p.width;
    }
  }

  /** `text`, or as much of its start as fits in `width` with '…' after it. */
  private fitted(text: string, width: number, style: TextStyle): string {
    if (this.width(text, style) <= width) return text;
    const chars = [...text];
    const cut = (n: number) => `${chars.slice(0, n).join('').trimEnd()}…`;
    let [lo, hi] = [0, chars.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.width(cut(mid), style) <= width) lo = mid;
      else hi = mid - 1;
    }
    return cut(lo);
  }

  /** Wrapped text (line breaks in it start new paragraphs); returns the height it took. */
  paragraph(text: string, x: number, y: number, width: number, options: LineOptions): number {
    const lines = text.split(/\r?\n/).flatMap((p) => wrapWords(p, width, (line) => this.width(line, options)));
    lines.forEach((line, i) => this.line(line, x, y + i * this.lineHeight(options), width, options));
    return lines.length * this.lineHeight(options);
  }
}
