import type { ReportLanguage } from './progress-report.labels.ts';

/** The calendar dates are written in: Intl's names. */
export type ReportCalendar = 'gregory' | 'persian';

/**
 * Numbers, percentages and dates written for the report's language through Intl: Dari and Pashto
 * get Persian digits and their month names, English the usual ones. Stored dates are ISO
 * Gregorian days; `calendar` decides only how they are written.
 */
export class ReportFormat {
  private readonly numbers: Intl.NumberFormat;
  private readonly percents: Intl.NumberFormat;
  private readonly plain: Intl.NumberFormat;
  private readonly dates: Intl.DateTimeFormat;
  private readonly months: Intl.DateTimeFormat;

  constructor(
    readonly language: ReportLanguage,
    calendar: ReportCalendar,
  ) {
    this.numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    this.percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    this.plain = new Intl.NumberFormat(language, { useGrouping: false });
    this.dates = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC', calendar });
    // Attendance is kept per Gregorian month, so its months are always named as such.
    this.months = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC', calendar: 'gregory' });
  }

  number(n: number): string {
    return this.numbers.format(n);
  }

  /** A whole number written without grouping: a year, a grade, a count. */
  integer(n: number): string {
    return this.plain.format(n);
  }

  /** `rate` is a percentage (0–100), as the attendance summary answers it. */
  percent(rate: number): string {
    return this.percents.format(rate / 100);
  }

  /** A stored day, `YYYY-MM-DD`. */
  date(iso: string): string {
    const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? iso : this.dates.format(d);
  }

  today(now: Date): string {
    return this.dates.format(now);
  }

  month(year: number, month: number): string {
    return this.months.format(new Date(Date.UTC(year, month - 1, 1)));
  }
}

/** Whole years between a stored birth day and `now`. */
export function ageOn(dob: string, now: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dob);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const had = now.getUTCMonth() + 1 > mo || (now.getUTCMonth() + 1 === mo && now.getUTCDate() >= d);
  return now.getUTCFullYear() - y - (had ? 0 : 1);
}
