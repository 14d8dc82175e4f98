import { CHART_MONTHS, UPCOMING_EVENT_DAYS } from '@app/shared/schemas/dashboard.schema';

/**
 * The periods the overview's figures cover, all from one day: "today" in the server's time zone
 * (TZ), as the organisation in Kabul reads its calendar. Dates are YYYY-MM-DD text, as stored.
 */

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Today in the server's time zone. */
export function localToday(now = new Date()): string {
  return iso(now);
}

export interface Month {
  year: number;
  month: number;
}

/** The month `offset` months from (year, month). */
export function addMonths({ year, month }: Month, offset: number): Month {
  const i = year * 12 + (month - 1) + offset;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

const firstDay = (m: Month) => `${m.year}-${pad(m.month)}-01`;
const lastDay = (m: Month) => `${m.year}-${pad(m.month)}-${pad(new Date(m.year, m.month, 0).getDate())}`;

export interface OverviewPeriods {
  today: string;
  /** New Admissions: this month, first to last day. */
  thisMonth: { from: string; to: string };
  /** Upcoming Events: today and the next UPCOMING_EVENT_DAYS days. */
  upcoming: { from: string; to: string };
  /** The same days as birthdays (MM-DD ranges): two when they cross the new year. */
  birthdayRanges: Array<readonly [string, string]>;
  /** Pending Tasks: the month whose attendance should be recorded by now. */
  lastMonth: Month;
  /** Attendance chart: the CHART_MONTHS months up to last month (this month is still being recorded). */
  attendanceMonths: Month[];
  /** Admissions chart: the CHART_MONTHS months up to this one. */
  admissionMonths: Month[];
  /** Admissions chart and grade bands: from the first day of the first chart month. */
  chartFrom: string;
}

export function overviewPeriods(today: string): OverviewPeriods {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const current = { year: y, month: m };
  const until = iso(new Date(y, m - 1, d + UPCOMING_EVENT_DAYS));
  const from = today.slice(5);
  const to = until.slice(5);
  const lastMonth = addMonths(current, -1);
  const months = (end: Month) => Array.from({ length: CHART_MONTHS }, (_, i) => addMonths(end, i - CHART_MONTHS + 1));
  const admissionMonths = months(current);
  return {
    today,
    thisMonth: { from: firstDay(current), to: lastDay(current) },
    upcoming: { from: today, to: until },
    birthdayRanges: from <= to ? [[from, to]] : [[from, '12-31'], ['01-01', to]],
    lastMonth,
    attendanceMonths: months(lastMonth),
    admissionMonths,
    chartFrom: firstDay(admissionMonths[0]!),
  };
}

/**
 * The date of a birthday (MM-DD) within the upcoming days: this year's when it is still to come,
 * else next year's. A 29 February birthday falls on the 28th in a year without one.
 */
export function birthdayDate(birthday: string, p: OverviewPeriods): string {
  const year = Number((birthday >= p.upcoming.from.slice(5) ? p.upcoming.from : p.upcoming.to).slice(0, 4));
  const leap = new Date(year, 1, 29).getMonth() === 1;
  return `${year}-${birthday === '02-29' && !leap ? '02-28' : birthday}`;
}
