import { foldForSearch } from './search-folding.ts';

/**
 * A role's name as people read it, so that two names a reader would take for the same are one:
 * case, spaces, punctuation, accents, zero-width characters and letters of other scripts that
 * look like Latin ones ('Mаnager' with a Cyrillic а, 'Super-Admin', 'SUPER ADM1N') all fold to
 * one key. Role names are unique by this key, and no role may take the key of a seeded role.
 * Folding is only for comparing; the name is stored as typed.
 */

// Letters of Cyrillic, Greek and Latin extensions drawn like a Latin letter, capitals by their
// capital form (Greek Μ is an M, its small μ a u), and digits and signs read as letters in a name.
const LOOK_ALIKES: Record<string, string> = {
  А: 'A', В: 'B', Е: 'E', Н: 'H', І: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', Ѕ: 'S', Ү: 'Y', Ԁ: 'D', Ԛ: 'Q', Ԝ: 'W', Ӏ: 'I',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  а: 'a', в: 'b', е: 'e', һ: 'h', н: 'h', і: 'i', ј: 'j', к: 'k', м: 'm', о: 'o', п: 'n', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y',
  ı: 'i', ȷ: 'j', ɡ: 'g', ɑ: 'a', ſ: 's', ß: 'ss',
  '0': 'o', '1': 'l', '3': 'e', '5': 's', '!': 'i', '|': 'l', $: 's', '@': 'a',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('').replace(/[$|\]\\^-]/g, '\\$&')}]`, 'gu');

export function roleNameKey(name: string): string {
  return (
    foldForSearch(
      name
        .normalize('NFKD')
        // Accents and other combining marks, and zero-width and other format characters.
        .replace(/[\p{M}\p{Cf}]/gu, '')
        .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!),
    )
      // Letters read alike in a word: i, l and I (already i) are one stroke; rn is an m; vv a w.
      .replace(/i/g, 'l')
      .replace(/rn/g, 'm')
      .replace(/vv/g, 'w')
      // Spaces, punctuation and symbols do not make a new name.
      .replace(/[^\p{L}\p{N}]/gu, '')
  );
}
