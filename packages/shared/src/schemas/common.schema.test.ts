import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasMarkup, plainText } from './common.schema.ts';

describe('plain-text rules', () => {
  it('finds tags and comments, not a lone "<" or ">"', () => {
    for (const s of ['<script>alert(1)</script>', '<b>Maryam</b>', 'see <img src=x onerror=alert(1)>', '</p>', '<!-- hidden', 'a<br/>b']) {
      expect(hasMarkup(s), s).toBe(true);
    }
    for (const s of ['income < 5000', 'a > b', '<3', 'مریم <احمدی>', "O'Brien", "Robert'); DROP TABLE orphans;--", '1 < 2 > 0']) {
      expect(hasMarkup(s), s).toBe(false);
    }
  });

  it('refuses tags that are never closed: a later ">" anywhere would finish them', () => {
    for (const s of ['<svg onload=alert(1)', 'x <img src=x onerror=alert(1)//', '</script', '<!doctype html', '<?xml version="1.0"', 'a<b', '<A HREF=x']) {
      expect(hasMarkup(s), s).toBe(true);
      expect(plainText('name', 100).safeParse(s).success, s).toBe(false);
    }
    for (const s of ['< b', '<3 my school', '<5 years', '<<>>', '<-- back', '=HYPERLINK("x")']) {
      expect(hasMarkup(s), s).toBe(false);
    }
  });

  it('never calls text without "<" markup', () => {
    fc.assert(fc.property(fc.string().filter((s) => !s.includes('<')), (s) => !hasMarkup(s)));
  });

  it('refuses control characters but keeps tabs and line breaks', () => {
    expect(hasControlCharacters('Line one\n\tLine two\r\n')).toBe(false);
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f']) expect(hasControlCharacters(`a${c}b`)).toBe(true);
  });

  it('names the field in each message', () => {
    const check = plainText('last name', 5);
    expect(check.safeParse('<i>x</i>').error?.issues.map((i) => i.message)).toContain('The last name may not contain HTML.');
    expect(check.safeParse('abcdef').error?.issues.map((i) => i.message)).toEqual(['The last name may not be greater than 5 characters.']);
    expect(check.safeParse('ab\u0001').error?.issues.map((i) => i.message)).toEqual(['The last name may not contain control characters.']);
    expect(check.safeParse('Ahmadi'.slice(0, 5)).success).toBe(true);
  });
});
