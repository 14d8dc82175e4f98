/**
 * The months and years an attendance record may be for (spec sections 5 and 9), and the live
 * total of its days. Pure, so the month limit is unit-tested without a screen.
 */

export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/**
 * The months offered for `year`: all twelve for a past year, up to the current month for the
 * current year (no attendance is recorded for a month that has not begun), none for a later year.
 */
export function monthsOffered(year: number | string | undefined, now = new Date()): number[] {
  const y = Number(year);
  const current = now.getFullYear();
  if (!Number.isInteger(y) || y < current) return [...MONTHS];
  if (y > current) return [];
  return MONTHS.filter((m) => m <= now.getMonth() + 1);
}

/** The sum of the four counts while they are typed; blanks and non-numbers count as 0 (the form shows it live). */
export function liveTotal(counts: readonly (number | string | null | undefined)[]): number {
  return counts.reduce<number>((sum, value) => {
    const n = Number(value);
    return Number.isFinite(n) && value !== '' && value !== null ? sum + n : sum;
  }, 0);
}

