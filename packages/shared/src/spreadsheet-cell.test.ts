import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './spreadsheet-cell.ts';

describe('neutraliseFormula', () => {
  it('turns what a spreadsheet would evaluate into text', () => {
    for (const cell of [
      '=HYPERLINK("http://evil.example","Open")',
      "=cmd|' /C calc'!A0",
      '+SUM(A1:A9)',
      '-2+3+cmd|calc!A1',
      '@SUM(1,2)',
      '\t=1+1',
      '\r=1+1',
      '＝HYPERLINK("x")',
      '=1+1',
    ]) {
      expect(neutraliseFormula(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves ordinary text, phone numbers and signed numbers as typed', () => {
    for (const cell of ['Maryam Ahmadi', 'مریم احمدی', '+93 700 111 222', '-12.50', '(020) 230-1234', '', ' =not first', "'already text", 'a = b', 'income < 5000']) {
      expect(neutraliseFormula(cell), JSON.stringify(cell)).toBe(cell);
    }
  });

  it('never leaves a cell that starts a formula with letters in it', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = neutraliseFormula(s);
        const startsFormula = /^[\t\r]*[=+\-@＝＋－＠]/.test(out);
        return !startsFormula || !/[^\d\s+\-().,/]/.test(out);
      }),
    );
  });

  it('changes a cell only by one leading apostrophe', () => {
    fc.assert(fc.property(fc.string(), (s) => [s, `'${s}`].includes(neutraliseFormula(s))));
  });
});
