import type { Language } from './i18n/languages.ts';

/**
 * The Solar Hijri months as Afghanistan names them, Hamal to Hut: Intl names them the Iranian
 * way in English (Farvardin, Azar), which no one in Kabul says. The one list every date, month
 * and year written for a Solar Hijri reader takes its month names from: the screens, the Excel
 * exports and the progress report.
 */
export const AFGHAN_MONTHS: Record<Language, readonly string[]> = {
  en: ['Hamal', 'Sawr', 'Jawza', 'Saratan', 'Asad', 'Sunbula', 'Mizan', 'Aqrab', 'Qaws', 'Jadi', 'Dalw', 'Hut'],
  'fa-AF': ['حمل', 'ثور', 'جوزا', 'سرطان', 'اسد', 'سنبله', 'میزان', 'عقرب', 'قوس', 'جدی', 'دلو', 'حوت'],
  'ps-AF': ['وری', 'غویی', 'غبرګولی', 'چنګاښ', 'زمری', 'وږی', 'تله', 'لړم', 'لیندۍ', 'مرغومی', 'سلواغه', 'کب'],
};

/** Month 1-12 of the Solar Hijri year in `language` (a language we do not have: English). */
export function afghanMonthName(month: number, language: string): string {
  const names = AFGHAN_MONTHS[language as Language] ?? AFGHAN_MONTHS.en;
  return names[month - 1] ?? String(month);
}

/** The Solar Hijri year, month and day of a Gregorian ISO day ('YYYY-MM-DD'), by Intl's Persian calendar. */
export function solarHijriDay(iso: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(date);
  const pick = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: pick('year'), month: pick('month'), day: pick('day') };
}
