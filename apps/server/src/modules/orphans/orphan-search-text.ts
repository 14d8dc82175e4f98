import { searchWords } from '@app/shared/search-folding';
import { fieldCipher } from '../../lib/field-cipher.ts';

type Searchable = { first_name: string; last_name: string } & {
  [K in 'father_name' | 'grandfather_name' | 'school_id_number' | 'identity_card_number']?: string | null;
};

/** The words search reads, kept apart by who may search them (need to know, shared/sensitivity.ts). */
export interface SearchTexts {
  /** The child's own names, folded: every reader of the list may search them, by word prefix. */
  search_text: string;
  /** Keyed tokens of the father's and grandfather's names, one per folded word: an exact word, for a holder of view-family. */
  search_family: string;
  /** Keyed tokens of the identity and school id numbers, one per number: the whole number, for a holder of view-identity. */
  search_identity: string;
}

/** Folded words of some values, single-space separated (what the word-prefix search expects). */
const wordsOf = (values: Array<string | null | undefined>) => searchWords(values.filter(Boolean).join(' '), Number.MAX_SAFE_INTEGER);

/** The child's own names as search reads them: plain, as the names are (decision 0060). */
export const nameSearchText = (d: { first_name: string; last_name: string }): string => wordsOf([d.first_name, d.last_name]).join(' ');

/** An id number as its blind index knows it: folded (case, Dari and Arabic digits) with spaces, dashes and other marks left out. */
export const normalisedNumber = (n: string): string => searchWords(n, Number.MAX_SAFE_INTEGER).join('');

/** The blind-index token of an id number (identity card or school id: one kind, so a search by either finds it). */
export const identityToken = (n: string): string => fieldCipher().blindToken('identity', normalisedNumber(n));

/** The blind-index token of one folded word of a father's or grandfather's name. */
export const familyToken = (word: string): string => fieldCipher().blindToken('family', word);

/**
 * What search reads (decision 0060): the child's own names folded, and, in the texts of their
 * classes, keyed tokens in place of the family names' words and the id numbers, so the texts and
 * the search index hold none of those values and a search finds them only whole.
 */
export function searchTextsOf(d: Searchable): SearchTexts {
  const numbers = [d.school_id_number, d.identity_card_number].filter((n): n is string => !!n && normalisedNumber(n) !== '');
  return {
    search_text: nameSearchText(d),
    search_family: [...new Set(wordsOf([d.father_name, d.grandfather_name]))].map(familyToken).join(' '),
    search_identity: [...new Set(numbers.map(identityToken))].join(' '),
  };
}
