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
}

/** What pdfkit's embedded font object holds: the fontkit font it shapes with. Not in pdfkit's types. */
interface WithFontkitFont {
  _font?: { font?: { hasGlyphForCodePoint?: (codePoint: number) => boolean } };
}

/** Line height per point of font size: Vazirmatn's Arabic ascenders and descenders need room. */
export const LINE_HEIGHT = 1.55;

/**
 * Text on a pdfkit page in one direction: each line is split into bidi pieces (bidi-text.ts),
 * each piece drawn in the subset of Vazirmatn that has its characters, at a position computed
 * here — pdfkit never lays out more than one piece, so it never reorders anything.
 */
export class TextWriter {
  private readonly covers = new Map<FontScript, (codePoint: number) => boolean>();
  private readonly cache = new Map<FontScript, Map<number, boolean>>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly direction: Direction,
    fonts: readonly ReportFont[],
  ) {
    for (const f of fonts) doc.registerFont(f.name, f.data);
    for (const script of SCRIPT_ORDER) {
      doc.font(fontName(script, 400));
      const has = (doc as unknown as WithFontkitFont)._font?.font?.hasGlyphForCodePoint;
      if (!has) throw new Error('pdfkit no longer exposes its fontkit font: the report cannot tell which font has a character.');
      const font = (doc as unknown as WithFontkitFont)._font!.font!;
      this.covers.set(script, (cp) => has.call(font, cp));
      this.cache.set(script, new Map());
    }
  }

  private has(script: FontScript, codePoint: number): boolean {
    const known = this.cache.get(script)!;
    let v = known.get(codePoint);
    if (v === undefined) known.set(codePoint, (v = this.covers.get(script)!(codePoint)));
    return v;
  }

  /**
   * The current piece's font when it has the character (fewer, longer pieces), else the first
   * that has it. Spaces always in the Latin subset: the Arabic subset maps the space to a glyph
   * with no width.
   */
  private readonly fontOf = (codePoint: number, current: FontScript | undefined): FontScript => {
    if (codePoint === 0x20) return 'latin';
    if (current && this.has(current, codePoint)) return current;
    return SCRIPT_ORDER.find((s) => this.has(s, codePoint)) ?? 'latin';
  };

  private use(script: FontScript, style: TextStyle): void {
    const weight: FontWeight = style.bold ? 700 : 400;
    this.doc.font(fontName(script, weight)).fontSize(style.size);
  }

  private measured(line: string, style: TextStyle): { pieces: Array<Piece<FontScript> & { width: number }>; width: number } {
    let width = 0;
    const pieces = visualPieces(line, this.direction, this.fontOf).map((p) => {
      this.use(p.font, style);
      const w = this.doc.widthOfString(p.text);
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
    const { pieces, width: used } = this.measured(text, options);
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

  /** Wrapped text (line breaks in it start new paragraphs); returns the height it took. */
  paragraph(text: string, x: number, y: number, width: number, options: LineOptions): number {
    const lines = text.split(/\r?\n/).flatMap((p) => wrapWords(p, width, (line) => this.width(line, options)));
    lines.forEach((line, i) => this.line(line, x, y + i * this.lineHeight(options), width, options));
    return lines.length * this.lineHeight(options);
  }
}
