import bidiFactory from 'bidi-js';

/**
 * Mixed right-to-left and left-to-right text for a PDF (decision 0028). pdfkit shapes an
 * Arabic-script string (fontkit joins its letters and lays its glyphs out right to left) but has
 * no bidirectional algorithm: a line is drawn as one left-to-right string, so a Dari sentence's
 * words — and a Latin name or a number inside it — come out in the wrong order. This module
 * does that part of UAX #9: it splits a line into pieces of one embedding level and one font,
 * in the visual order they must be drawn left to right, each in the character order fontkit
 * needs to draw it right.
 */

export type Direction = 'ltr' | 'rtl';

/** A piece to draw: `text` goes to pdfkit as is, left of the next piece. */
export interface Piece<F> {
  text: string;
  font: F;
  /** The piece's embedding level: odd reads right to left. */
  level: number;
}

const bidi = bidiFactory();

// fontkit picks a run's direction from the first character of a right-to-left script it finds
// (its Script.forString); of those, only Arabic script reaches our text.
const FONTKIT_RTL = /\p{Script=Arabic}/u;
// The explicit marks, embeddings and isolates: they steer the levels and are never drawn.
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** `text` kept left to right as a whole inside any line (a grade such as 'A+', a code): UAX #9's LRI … PDI. */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;

/**
 * The visual pieces of one line (no line breaks in it). `fontOf(codePoint, current)` picks the
 * font of a character, given the font of the piece being built (so a space between two Dari
 * words stays in the Dari piece when that font has it).
 */
export function visualPieces<F>(line: string, direction: Direction, fontOf: (codePoint: number, current: F | undefined) => F): Piece<F>[] {
  // UAX #9 L1 gives whitespace at a line's ends the paragraph's level; trimmed, there is none.
  const text = line.trim();
  if ([...text].every((c) => BIDI_CONTROLS.test(c))) return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);

  // Logical order first: maximal pieces of one level and one font.
  const logical: Array<{ chars: string[]; font: F; level: number }> = [];
  let index = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const level = levels[index]!;
    index += ch.length;
    if (BIDI_CONTROLS.test(ch)) continue;
    const last = logical[logical.length - 1];
    const font = fontOf(cp, last?.level === level ? last.font : undefined);
    if (last && last.level === level && last.font === font) last.chars.push(ch);
    else logical.push({ chars: [ch], font, level });
  }

  // UAX #9 L2: from the highest level down to the lowest odd one, reverse every run of pieces
  // at that level or higher.
  const order = [...logical];
  const highest = Math.max(...order.map((p) => p.level));
  const lowestOdd = Math.min(...order.map((p) => (p.level % 2 ? p.level : p.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; ) {
      if (order[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && order[j]!.level >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }

  return order.map((p) => {
    const rtl = p.level % 2 === 1;
    // UAX #9 L4: a right-to-left bracket is drawn mirrored.
    const chars = rtl ? p.chars.map((c) => bidi.getMirroredCharacter(c) ?? c) : p.chars;
    const joined = chars.join('');
    // fontkit reverses a piece holding Arabic script and no other: where that is not the piece's
    // direction (Persian digits, which read left to right; neutrals such as ' : ' inside
    // right-to-left text), hand it the characters reversed so that its reversal — or its lack
    // of one — leaves them in the order wanted.
    const fontkitRtl = FONTKIT_RTL.test(joined);
    return { text: fontkitRtl === rtl ? joined : [...chars].reverse().join(''), font: p.font, level: p.level };
  });
}

/**
 * Break a paragraph into lines no wider than `maxWidth`, at spaces, in logical order (each line
 * then goes through visualPieces). A word wider than a line is put on a line of its own.
 */
export function wrapWords(paragraph: string, maxWidth: number, widthOf: (line: string) => number): string[] {
  const words = paragraph.trim().split(/\s+/u).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || widthOf(candidate) <= maxWidth) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}
