/**
 * URL slugs for content pages (spec section 4): lowercase, punctuation removed, spaces become
 * hyphens. Letters of any script are kept, so a Dari or Pashto title gives a readable slug.
 */

/** Characters a slug is made of: lowercase or uncased letters, combining marks, digits. */
const SLUG_CHAR = '[\\p{Ll}\\p{Lo}\\p{Lm}\\p{M}\\p{N}]';

/** A valid slug: runs of slug characters joined by single hyphens. */
export const SLUG_PATTERN = new RegExp(`^${SLUG_CHAR}+(?:-${SLUG_CHAR}+)*$`, 'u');

export function slugify(title: string): string {
  return (
    title
      .normalize('NFC')
      .toLowerCase()
      // Separators: whitespace, underscores, hyphen-like dashes and the zero-width non-joiner
      // that Persian script places inside words.
      .replace(/[\s_\u200c\u2010-\u2015-]+/gu, ' ')
      // Everything that is not a slug character or a separator (punctuation, symbols, and the
      // rare capitals that have no lowercase form) is dropped.
      .replace(new RegExp(`(?:(?!${SLUG_CHAR})[^ ])+`, 'gu'), '')
      .trim()
      .replace(/ +/g, '-')
  );
}
