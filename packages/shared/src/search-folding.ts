/**
 * Search folding: one canonical form for names typed on any keyboard, applied to both the stored
 * search text and what a staff member types, so 'مريم' (Arabic yeh) finds 'مریم' (Persian yeh).
 *
 * Steps: NFKC (presentation forms and compatibility characters to their base letters), lower case,
 * Arabic-script letter variants to the Persian letter a Dari keyboard writes, harakat and tatweel
 * removed, ZWNJ treated as a word break, Persian and Arabic-Indic digits as 0-9, whitespace
 * collapsed.
 */

const LETTER_MAP: Record<string, string> = {
  '\u064A': '\u06CC', // ي Arabic yeh → ی
  '\u0649': '\u06CC', // ى alef maksura → ی
  '\u0626': '\u06CC', // ئ yeh with hamza → ی
  '\u06CD': '\u06CC', // ۍ Pashto yeh with tail → ی (typed as ی on Dari keyboards)
  '\u06D0': '\u06CC', // ې Pashto yeh → ی
  '\u0643': '\u06A9', // ك Arabic kaf → ک
  '\u0629': '\u0647', // ة teh marbuta → ه
  '\u06C0': '\u0647', // ۀ heh with yeh above → ه
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0622': '\u0627', // آ
  '\u0671': '\u0627', // ٱ alef wasla
  '\u0624': '\u0648', // ؤ → و
};

// Harakat U+064B–U+065F, superscript alef U+0670, tatweel U+0640.
const MARKS = /[\u064B-\u065F\u0670\u0640]/g;
const VARIANTS = /[\u064A\u0649\u0626\u06CD\u06D0\u0643\u0629\u06C0\u0623\u0625\u0622\u0671\u0624]/g;
// Persian ۰-۹ (U+06F0–U+06F9) and Arabic-Indic ٠-٩ (U+0660–U+0669).
const DIGITS = /[\u06F0-\u06F9\u0660-\u0669]/g;
const ZWNJ = /\u200C/g;
const SPACES = /\s+/g;

function foldOnce(input: string): string {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(VARIANTS, (c) => LETTER_MAP[c]!)
    .replace(MARKS, '')
    .replace(DIGITS, (c) => String((c.charCodeAt(0) - (c >= '\u06F0' ? 0x06f0 : 0x0660)) % 10))
    .replace(ZWNJ, ' ')
    .replace(SPACES, ' ')
    .trim();
}

export function foldForSearch(input: string): string {
  const once = foldOnce(input);
  // Removing a mark can leave a sequence that NFKC composes afresh (alef + madda → آ); a second
  // pass settles those, so folding is idempotent: fold(fold(x)) === fold(x).
  const twice = foldOnce(once);
  return twice === once ? once : foldOnce(twice);
}

/**
 * The words of a search, folded: each must be the prefix of some word of the child's searchable
 * text. Words are runs of letters, digits and combining marks; everything else separates them.
 */
export function searchWords(input: string, max = 8): string[] {
  return foldForSearch(input)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, max);
}
