/**
 * Grade bands of spec section 9, kept once: A+ from 90, A from 80, B 70, C 60, D 50, else F. The
 * bands describe a mark out of 100, so a mark out of any other total is graded by its percentage
 * of that total (72 of 80 is 90 %, an A+; the same as 90 of 100). The education grade is derived
 * with `gradeForMarks` (the form and the class grid live, the server on every save, the migration
 * that regraded the results stored before); discipline and course grades are picked from the
 * same letters.
 */
export const GRADE_BANDS = [
  { grade: 'A+', from: 90 },
  { grade: 'A', from: 80 },
  { grade: 'B', from: 70 },
  { grade: 'C', from: 60 },
  { grade: 'D', from: 50 },
  { grade: 'F', from: -Infinity },
] as const;

export type GradeLetter = (typeof GRADE_BANDS)[number]['grade'];
export const GRADE_LETTERS = GRADE_BANDS.map((b) => b.grade) as [GradeLetter, ...GradeLetter[]];

/** The band a percentage (0–100) falls in. */
export function gradeForPercent(percent: number): GradeLetter {
  return GRADE_BANDS.find((b) => percent >= b.from)?.grade ?? 'F';
}

/**
 * Marks have at most two decimals: in hundredths they are whole numbers, so "score is at least
 * `from` % of total" is decided in integers, never by a quotient that lands a hair below a band
 * (0.57 × 100 is 56.99999… in floating point).
 */
const hundredths = (n: number): number => Math.round(n * 100);

/**
 * The grade of `score` out of `total` marks: the band of its percentage of the total. A total of
 * 0 (so a score of 0: the score never exceeds the total) has no percentage and is an F.
 */
export function gradeForMarks(score: number, total: number): GradeLetter {
  const s = hundredths(score);
  const t = hundredths(total);
  if (t <= 0) return 'F';
  return GRADE_BANDS.find((b) => s * 100 >= b.from * t)?.grade ?? 'F';
}

/** `score` as a percentage of `total` (unrounded), or null without a total to divide by. */
export function percentOfTotal(score: number, total: number): number | null {
  const t = hundredths(total);
  return t > 0 ? (hundredths(score) * 100) / t : null;
}

/**
 * A result's mark as a percentage, the one measure every average, chart and sentence about marks
 * uses: education and course scores are out of their total marks; the discipline overall score is
 * out of 100 already. Null when the result has no score (or no total to divide by).
 */
export function resultPercent(r: { result_type: string; score: number | null; total: number | null }): number | null {
  if (r.score === null) return null;
  if (r.result_type === 'discipline') return r.score;
  return r.total === null ? null : percentOfTotal(r.score, r.total);
}

/** A percentage as answers carry it: two decimals. */
export const roundPercent = (p: number): number => Math.round(p * 100) / 100;
