/**
 * Grade bands of spec section 9, kept once: A+ from 90, A from 80, B 70, C 60, D 50, else F.
 * The education result's grade is derived from its score with these (the form live, the server
 * on every save), and the discipline and course grades are picked from the same letters.
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

/** The band a score (out of 100) falls in. */
export function gradeForScore(score: number): GradeLetter {
  return GRADE_BANDS.find((b) => score >= b.from)?.grade ?? 'F';
}
