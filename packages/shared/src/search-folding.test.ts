import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, searchWords } from './search-folding.ts';

const ARABIC_TO_PERSIAN: Array<[string, string]> = [
  ['\u064A', '\u06CC'],
  ['\u0649', '\u06CC'],
  ['\u0643', '\u06A9'],
  ['\u0629', '\u0647'],
  ['\u0623', '\u0627'],
  ['\u0625', '\u0627'],
  ['\u0622', '\u0627'],
  ['\u0624', '\u0648'],
];
const PERSIAN_LETTERS = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی';
const HARAKAT = ['\u064B', '\u064E', '\u064F', '\u0650', '\u0651', '\u0652', '\u0670', '\u0640'];

describe('foldForSearch', () => {
  it('folds the Arabic spellings of Persian names', () => {
    expect(foldForSearch('مريم')).toBe(foldForSearch('مریم'));
    expect(foldForSearch('كريم')).toBe('کریم');
    expect(foldForSearch('فاطمة')).toBe('فاطمه');
    expect(foldForSearch('أحمد')).toBe('احمد');
    expect(foldForSearch('مُحَمَّد')).toBe('محمد');
    expect(foldForSearch('محـــمد')).toBe('محمد');
    expect(foldForSearch('۱۲۳٤٥')).toBe('12345');
    expect(foldForSearch('عبدالله\u200Cزاده')).toBe('عبدالله زاده');
    expect(foldForSearch('  Ahmad   KARIMI ')).toBe('ahmad karimi');
    expect(foldForSearch('ﻣﺮﻳﻢ')).toBe('مریم'); // presentation forms
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => foldForSearch(foldForSearch(s)) === foldForSearch(s)), { numRuns: 500 });
    const arabicText = fc.string({ unit: fc.constantFrom(...PERSIAN_LETTERS, ...HARAKAT, ...ARABIC_TO_PERSIAN.map(([a]) => a), ' ', '\u200C', '۵', '٥') });
    fc.assert(fc.property(arabicText, (s) => foldForSearch(foldForSearch(s)) === foldForSearch(s)), { numRuns: 500 });
  });

  it('folds an Arabic-keyboard variant of a Persian word to the same text', () => {
    const persianWord = fc.array(fc.constantFrom(...PERSIAN_LETTERS, ...ARABIC_TO_PERSIAN.map(([, p]) => p)), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(persianWord, fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), fc.array(fc.constantFrom('', ...HARAKAT), { minLength: 12, maxLength: 12 }), (letters, swap, marks) => {
        const persian = letters.join('');
        const variant = letters
          .map((c, i) => {
            const alternatives = ARABIC_TO_PERSIAN.filter(([, p]) => p === c && swap[i]);
            return (alternatives[0]?.[0] ?? c) + marks[i]!;
          })
          .join('');
        return foldForSearch(variant) === foldForSearch(persian);
      }),
      { numRuns: 500 },
    );
  });

  it('splits a search into folded words', () => {
    expect(searchWords("Ali' OR 1=1 --")).toEqual(['ali', 'or', '1', '1']);
    expect(searchWords('SCH-2024')).toEqual(['sch', '2024']);
    expect(searchWords('%%%')).toEqual([]);
    expect(searchWords('مريم  احمدي')).toEqual(['مریم', 'احمدی']);
  });
});
