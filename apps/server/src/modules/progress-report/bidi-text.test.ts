import { describe, expect, it } from 'vitest';
import { isolateLtr, visualPieces, wrapWords } from './bidi-text.ts';

// As the report picks fonts: Arabic script in the Arabic subset, everything else (spaces too) in the Latin one.
const fontOf = (cp: number) => (/\p{Script=Arabic}/u.test(String.fromCodePoint(cp)) ? 'arabic' : 'latin');
const visual = (line: string, dir: 'ltr' | 'rtl') => visualPieces(line, dir, fontOf).map((p) => p.text);

describe('visualPieces (UAX #9 runs in drawing order, left to right)', () => {
  it('keeps an English line as one piece', () => {
    expect(visual('Progress report 2026', 'ltr')).toEqual(['Progress report 2026']);
  });

  it('puts the words of a Dari line right to left, each word as written (fontkit shapes and reverses it)', () => {
    expect(visual('مریم احمدی', 'rtl')).toEqual(['احمدی', ' ', 'مریم']);
    expect(visual('گزارش پیشرفت شاگرد', 'rtl')).toEqual(['شاگرد', ' ', 'پیشرفت', ' ', 'گزارش']);
  });

  it('keeps a Latin name inside Dari text left to right, where it falls in the sentence', () => {
    expect(visual('نام Ali Khan است', 'rtl')).toEqual(['است', ' ', 'Ali Khan', ' ', 'نام']);
  });

  it('hands Persian digits over reversed, since fontkit reverses anything in Arabic script but digits read left to right', () => {
    expect(visual('سال ۱۴۰۴', 'rtl')).toEqual(['۴۰۴۱', ' ', 'سال']);
    // European digits after Arabic letters are Arabic numbers (W2) and still read left to right.
    expect(visual('صنف 12', 'rtl')).toEqual(['12', ' ', 'صنف']);
  });

  it('reverses neutrals between right-to-left words and mirrors brackets', () => {
    expect(visual('نام: مریم', 'rtl')).toEqual(['مریم', ' :', 'نام']);
    expect(visual('صنف (پنجم)', 'rtl')).toEqual(['(', 'پنجم', ') ', 'صنف']);
  });

  it('puts Dari words inside English text right to left in their place', () => {
    expect(visual('Name (مریم احمدی) here', 'ltr')).toEqual(['Name (', 'احمدی', ' ', 'مریم', ') here']);
  });

  it('keeps an isolated code left to right and draws no control character', () => {
    // Bare, 'A+' in a right-to-left line puts its '+' on the left of the A; isolated, it reads A+.
    expect(visual('A+', 'rtl')).toEqual(['+', 'A']);
    expect(visual(isolateLtr('A+'), 'rtl')).toEqual(['A+']);
    expect(visual(`درجه ${isolateLtr('A+')}`, 'rtl')).toEqual(['A+', ' ', 'درجه']);
    expect(visual('\u200f', 'rtl')).toEqual([]);
  });

  it('gives each piece its level and font, and nothing for a blank line', () => {
    const pieces = visualPieces('نام Ali', 'rtl', fontOf);
    expect(pieces.map((p) => [p.text, p.font, p.level])).toEqual([
      ['Ali', 'latin', 2],
      [' ', 'latin', 1],
      ['نام', 'arabic', 1],
    ]);
    expect(visualPieces('   ', 'rtl', fontOf)).toEqual([]);
  });
});

describe('wrapWords', () => {
  const width = (s: string) => s.length;

  it('breaks at spaces before the width is passed, in logical order', () => {
    expect(wrapWords('aa bb cc dd', 5, width)).toEqual(['aa bb', 'cc dd']);
    expect(wrapWords('یک دو سه چهار', 6, width)).toEqual(['یک دو', 'سه', 'چهار']);
  });

  it('puts a word wider than the line on a line of its own, and collapses runs of spaces', () => {
    expect(wrapWords('a   verylongword b', 4, width)).toEqual(['a', 'verylongword', 'b']);
    expect(wrapWords('  ', 4, width)).toEqual([]);
  });
});
