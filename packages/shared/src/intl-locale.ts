/**
 * The locale Intl is given for one of our languages. A browser's Intl may hold no data for a
 * language (Chromium ships none for Pashto: it answers ps-AF in English, with Latin digits and
 * English month names); the language then borrows a stand-in's digits and number and date forms
 * (Pashto: Dari's, the same Persian digits and separators), and its own Gregorian month names
 * from here. Where Intl has the language (Node, Firefox), the language itself is used.
 */

const STAND_INS: Record<string, string> = { ps: 'fa-AF' };

/** Pashto's Gregorian months as Intl (CLDR) writes them where it has Pashto. */
const GREGORIAN_MONTHS: Record<string, readonly string[]> = {
  ps: ['جنوري', 'فبروري', 'مارچ', 'اپریل', 'مۍ', 'جون', 'جولای', 'اګست', 'سپتمبر', 'اکتوبر', 'نومبر', 'دسمبر'],
};

const base = (language: string) => language.toLowerCase().split(/[-_]/)[0]!;
const chosen = new Map<string, string>();

function intlHas(language: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([language]).length > 0 && base(new Intl.NumberFormat(language).resolvedOptions().locale) === base(language);
  } catch {
    return false;
  }
}

/** The locale to hand Intl (and libraries built on it) for `language`. */
export function intlLocale(language: string): string {
  let locale = chosen.get(language);
  if (locale === undefined) {
    const standIn = STAND_INS[base(language)];
    locale = standIn && !intlHas(language) ? standIn : language;
    chosen.set(language, locale);
  }
  return locale;
}

/**
 * A Gregorian date as parts, by Intl in `language` (through its stand-in when Intl lacks it, the
 * month then named in `language` from here); English when Intl refuses the tag.
 */
export function gregorianParts(date: Date, language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatPart[] {
  const intl = { ...options, calendar: 'gregory' };
  const locale = intlLocale(language);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(locale, intl).formatToParts(date);
  } catch {
    return new Intl.DateTimeFormat('en', intl).formatToParts(date);
  }
  const names = locale === language ? undefined : GREGORIAN_MONTHS[base(language)];
  if (!names) return parts;
  const month = options.timeZone === 'UTC' ? date.getUTCMonth() : date.getMonth();
  return parts.map((p) => (p.type === 'month' && !/^[\d۰-۹٠-٩]+$/.test(p.value) ? { ...p, value: names[month]! } : p));
}
