import { solarHijriParts } from '@app/shared/afghan-months';
import { solarHijriMonthSpan, solarHijriYearSpan } from '@app/shared/solar-hijri-periods';
import type { ReportLanguage } from './progress-report.labels.ts';

/** The calendar dates are written in: Intl's names. */
export type ReportCalendar = 'gregory' | 'persian';

/**
 * Numbers, percentages and dates written for the report's language through Intl: Dari and Pashto
 * get Persian digits and their month names, English the usual ones. Stored dates are ISO
 * Gregorian days; `calendar` decides only how they are written. In the Solar Hijri calendar the
 * months take their Afghan names in every language, and a month or year kept in the Gregorian
 * calendar (attendance months, results' school years) is written as the Solar Hijri months or
 * years it covers (packages/shared/src/solar-hijri-periods.ts).
 */
export class ReportFormat {
  private readonly numbers: Intl.NumberFormat;
  private readonly percents: Intl.NumberFormat;
  private readonly plain: Intl.NumberFormat;
  private readonly dates: Intl.DateTimeFormat;
  private readonly months: Intl.DateTimeFormat;

  constructor(
    readonly language: ReportLanguage,
    private readonly calendar: ReportCalendar,
  ) {
    this.numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    this.percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    this.plain = new Intl.NumberFormat(language, { useGrouping: false });
    this.dates = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC', calendar });
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
    return Number.isNaN(d.getTime()) ? iso : this.day(d);
  }

  today(now: Date): string {
    return this.day(now);
  }

  private day(d: Date): string {
    if (this.calendar === 'gregory') return this.dates.format(d);
    return solarHijriParts(d, this.language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
      .map((p) => p.value)
      .join('');
  }

  /** A month kept in the Gregorian calendar (an attendance month). */
  month(year: number, month: number): string {
    if (this.calendar === 'persian') return solarHijriMonthSpan(month, year, this.language);
    return this.months.format(new Date(Date.UTC(year, month - 1, 1)));
  }

  /** A year kept in the Gregorian calendar (a result's school year). */
  year(year: number): string {
    return this.calendar === 'persian' ? solarHijriYearSpan(year, this.language) : this.plain.format(year);
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
