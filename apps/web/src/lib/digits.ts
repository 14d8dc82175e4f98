import { intlLocale } from '@app/shared/intl-locale';

/**
 * The digits a number is typed and shown in. Dari and Pashto write ۰۱۲۳ (and ٫ for the decimal
 * point), as every other number on screen does through Intl; a keyboard may type Latin, Persian
 * or Arabic-Indic digits. What a form keeps and the API gets is always Latin ("12.5").
 */

const LATIN_OF: Record<string, string> = {};
for (const [zero, point] of [['۰', '٫'], ['٠', '٫']] as const) {
  for (let d = 0; d <= 9; d += 1) LATIN_OF[String.fromCharCode(zero.charCodeAt(0) + d)] = String(d);
  LATIN_OF[point] = '.';
}

/** A typed number in Latin digits, keeping only what a number holds (digits, one point, a leading minus). */
export function toLatinDigits(text: string): string {
  const latin = [...text].map((c) => LATIN_OF[c] ?? c).join('').replace(/[,٬\s]/g, '');
  return latin.replace(/[^0-9.-]/g, '');
}

const digitsCache = new Map<string, { digits: string[]; point: string }>();

function digitsOf(language: string) {
  let found = digitsCache.get(language);
  if (!found) {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(intlLocale(language), { useGrouping: false, minimumFractionDigits: 1 });
    } catch {
      format = new Intl.NumberFormat('en', { useGrouping: false, minimumFractionDigits: 1 });
    }
    const digits = Array.from({ length: 10 }, (_, d) => format.formatToParts(d).find((p) => p.type === 'integer')?.value ?? String(d));
    const point = format.formatToParts(0.5).find((p) => p.type === 'decimal')?.value ?? '.';
    found = { digits, point };
    digitsCache.set(language, found);
  }
  return found;
}

/** A Latin-digit number as typed ("12.", "-3") in `language`'s digits and decimal point (۱۲٫ in Dari), nothing else changed. */
export function toLanguageDigits(latin: string, language: string): string {
  const { digits, point } = digitsOf(language);
  return [...latin].map((c) => (c >= '0' && c <= '9' ? digits[Number(c)]! : c === '.' ? point : c)).join('');
}
