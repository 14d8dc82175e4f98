import { describe, expect, it } from 'vitest';
import { GRADE_LETTERS, gradeForScore } from './grade-bands.ts';
import { gradeForScore as fromConstants } from './constants.ts';

describe('grade bands (spec section 9)', () => {
  it.each([
    [100, 'A+'], [90, 'A+'], [89.99, 'A'], [80, 'A'], [79.5, 'B'], [70, 'B'], [69, 'C'], [60, 'C'],
    [59.99, 'D'], [50, 'D'], [49.99, 'F'], [0, 'F'],
  ])('%s gives %s', (score, grade) => {
    expect(gradeForScore(score)).toBe(grade);
  });

  it('lists the letters best first, and constants.ts answers the same bands', () => {
    expect(GRADE_LETTERS).toEqual(['A+', 'A', 'B', 'C', 'D', 'F']);
    expect(fromConstants).toBe(gradeForScore);
  });
});
