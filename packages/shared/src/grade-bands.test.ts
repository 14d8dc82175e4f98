import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRADE_LETTERS, gradeForMarks, gradeForPercent, percentOfTotal, resultPercent } from './grade-bands.ts';
import { gradeForMarks as fromConstants } from './constants.ts';

/** A mark as the schemas accept it: at most two decimals. */
const mark = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((h) => h / 100);

describe('grade bands (spec section 9)', () => {
  it.each([
    [100, 'A+'], [90, 'A+'], [89.99, 'A'], [80, 'A'], [79.5, 'B'], [70, 'B'], [69, 'C'], [60, 'C'],
    [59.99, 'D'], [50, 'D'], [49.99, 'F'], [0, 'F'],
  ])('%s out of 100 gives %s', (score, grade) => {
    expect(gradeForPercent(score)).toBe(grade);
    expect(gradeForMarks(score, 100)).toBe(grade);
  });

  it('grades a score by its percentage of the total marks, not the raw score', () => {
    expect(gradeForMarks(72, 80)).toBe('A+'); // 90 %
    expect(gradeForMarks(45, 50)).toBe('A+'); // 90 %
    expect(gradeForMarks(30, 50)).toBe('C'); // 60 %
    expect(gradeForMarks(0.57, 1)).toBe('D'); // 57 %, though 0.57 × 100 is a hair below 57 in floating point
    expect(gradeForMarks(0.7, 1)).toBe('B');
    expect(gradeForMarks(99, 110)).toBe('A+'); // exactly 90 %
    expect(gradeForMarks(98.99, 110)).toBe('A');
    expect(gradeForMarks(0, 0)).toBe('F');
  });

  it('is the band of the exact percentage, for any score up to any total', () => {
    fc.assert(
      fc.property(mark(10_000), mark(10_000), (a, b) => {
        const [score, total] = a <= b ? [a, b] : [b, a];
        fc.pre(total > 0);
        // Exact: score/total ≥ from/100 ⇔ 100·score ≥ from·total, both sides in hundredths.
        const s = Math.round(score * 100);
        const t = Math.round(total * 100);
        const expected = ([90, 80, 70, 60, 50] as const).find((from) => s * 100 >= from * t);
        expect(gradeForMarks(score, total)).toBe(expected === undefined ? 'F' : GRADE_LETTERS[[90, 80, 70, 60, 50].indexOf(expected)]);
      }),
    );
  });

  it('gives the same grade to the same fraction of any total, and never a better grade to a lower score', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 50 }), (a, b, k) => {
        const [score, total] = a <= b ? [a, b] : [b, a];
        fc.pre(total > 0);
        expect(gradeForMarks(score * k, total * k)).toBe(gradeForMarks(score, total));
        if (score > 0) expect(GRADE_LETTERS.indexOf(gradeForMarks(score - 1, total))).toBeGreaterThanOrEqual(GRADE_LETTERS.indexOf(gradeForMarks(score, total)));
      }),
    );
  });

  it('a result\'s percentage: out of its total for education and course, the discipline score as it is', () => {
    expect(percentOfTotal(30, 50)).toBe(60);
    expect(percentOfTotal(0, 0)).toBeNull();
    expect(resultPercent({ result_type: 'education', score: 85, total: 100 })).toBe(85);
    expect(resultPercent({ result_type: 'course', score: 72, total: 80 })).toBe(90);
    expect(resultPercent({ result_type: 'discipline', score: 77, total: null })).toBe(77);
    expect(resultPercent({ result_type: 'education', score: null, total: 100 })).toBeNull();
  });

  it('lists the letters best first, and constants.ts answers the same bands', () => {
    expect(GRADE_LETTERS).toEqual(['A+', 'A', 'B', 'C', 'D', 'F']);
    expect(fromConstants).toBe(gradeForMarks);
  });
});
