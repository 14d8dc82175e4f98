import type { Language } from './i18n/languages.ts';
import { intlLocale } from './intl-locale.ts';

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

/**
 * Intl adds the era ("AP") to Solar Hijri dates in languages whose own calendar is another
 * (English, Pashto); a reader who chose that calendar knows the era, so it is dropped with the
 * space before it.
 */
function withoutEra(parts: Intl.DateTimeFormatPart[]): Intl.DateTimeFormatPart[] {
  const out: Intl.DateTimeFormatPart[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (part.type !== 'era') {
      out.push(part);
      continue;
    }
    // Drop the literal that joined the era to its neighbour (before it, or after it when first).
    if (out.length && out[out.length - 1]!.type === 'literal' && /^\s+$/.test(out[out.length - 1]!.value)) out.pop();
    else if (parts[i + 1]?.type === 'literal' && /^\s+$/.test(parts[i + 1]!.value)) i += 1;
  }
  return out;
}

/**
 * A moment written in the Solar Hijri calendar by Intl in `language` (English when Intl refuses
 * the tag) with `options`, as parts: without the era, and a month written as a word takes its
 * Afghan name (Hamal, Qaws; حمل, قوس; وری, لیندۍ), since Intl gives English the Iranian ones.
 */
export function solarHijriParts(date: Date, language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatPart[] {
  const intl = { ...options, calendar: 'persian' };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(intlLocale(language), intl).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en', intl).formatToParts(date);
  }
  parts = withoutEra(parts);
  const month = parts.find((p) => p.type === 'month');
  if (!month || /^[\d۰-۹٠-٩]+$/.test(month.value)) return parts;
  const number = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', { month: 'numeric', ...(options.timeZone ? { timeZone: options.timeZone } : {}) }).format(date);
  const name = afghanMonthName(Number(number), language);
  return parts.map((p) => (p === month ? { ...p, value: name } : p));
}

/** Intl's long names of the Solar Hijri months in `language`, by month 1-12 (English when Intl refuses the tag). */
function intlMonthNames(language: string): Map<number, string> {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(`${intlLocale(language)}-u-ca-persian`, { month: 'long', timeZone: 'UTC' });
  } catch {
    format = new Intl.DateTimeFormat('en-u-ca-persian', { month: 'long', timeZone: 'UTC' });
  }
  const number = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', { month: 'numeric', timeZone: 'UTC' });
  const names = new Map<number, string>();
  // A day in each month of one Solar Hijri year (1404 began on 21 March 2025), keyed by the month Intl says it is in.
  for (let day = 10; day < 365; day += 30) {
    const date = new Date(Date.UTC(2025, 2, 21 + day));
    names.set(Number(number.format(date)), format.format(date));
  }
  return names;
}

const renamers = new Map<string, ((text: string) => string) | null>();

/**
 * The rewrite of Intl's Solar Hijri month names in `language` into the Afghan ones (Farvardin,
 * Azar: Hamal, Qaws), or null when Intl already says the Afghan names there.
 */
function renamerFor(language: string): ((text: string) => string) | null {
  if (renamers.has(language)) return renamers.get(language)!;
  const toAfghan = new Map<string, string>();
  for (const [month, name] of intlMonthNames(language)) {
    const afghan = afghanMonthName(month, language);
    if (name !== afghan && !/^[\d۰-۹٠-٩]+$/.test(name)) toAfghan.set(name, afghan);
  }
  let renamer: ((text: string) => string) | null = null;
  if (toAfghan.size) {
    const names = [...toAfghan.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    // Whole words only: "Dey" the month, never the "day" of "Monday".
    const pattern = new RegExp(`(?<![\\p{L}\\p{M}])(${names.join('|')})(?![\\p{L}\\p{M}])`, 'gu');
    renamer = (text) => text.replace(pattern, (name) => toAfghan.get(name) ?? name);
  }
  renamers.set(language, renamer);
  return renamer;
}

/**
 * `text` written by Intl in `language` (a screen reader's label of a calendar day, "Saturday,
 * Azar 8, 1405 AP") with each Solar Hijri month by its Afghan name ("Saturday, Qaws 8, 1405 AP"):
 * for texts a library writes through Intl, which we cannot ask for other names.
 */
export function withAfghanMonthNames(text: string, language: string): string {
  const renamer = renamerFor(language);
  return renamer ? renamer(text) : text;
}

/** Whether Intl names the Solar Hijri months in `language` otherwise than Afghanistan does (English: yes). */
export function intlNamesMonthsOtherwise(language: string): boolean {
  return renamerFor(language) !== null;
}
