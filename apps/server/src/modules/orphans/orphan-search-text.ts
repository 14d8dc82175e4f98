import { searchWords } from '@app/shared/search-folding';

type Searchable = { first_name: string; last_name: string } & {
  [K in 'father_name' | 'grandfather_name' | 'school_id_number' | 'identity_card_number']?: string | null;
};

/** The words search reads, kept apart by who may search them (need to know, shared/sensitivity.ts). */
export interface SearchTexts {
  /** The child's own names: every reader of the list may search them. */
  search_text: string;
  /** Father's and grandfather's names: searched only for a holder of view-family. */
  search_family: string;
  /** Identity and school id numbers: searched only for a holder of view-identity. */
  search_identity: string;
}

/** Folded words of some values, single-space separated (what the word-prefix search expects). */
const wordsOf = (values: Array<string | null | undefined>) => searchWords(values.filter(Boolean).join(' '), Number.MAX_SAFE_INTEGER);

/**
 * What search reads: names and id numbers, folded, as single-space separated words, each in the
 * text of the class it belongs to, so a word of a class the reader may not view can never narrow
 * a search. An id number is there both as its parts ("sch", "2005") and written together
 * ("sch2005"), so it is found however it is typed: "SCH-2005", "sch 20", "SCH2005", "2005".
 */
export function searchTextsOf(d: Searchable): SearchTexts {
  const numbers = [d.school_id_number, d.identity_card_number].filter((n): n is string => !!n);
  const joined = numbers.map((n) => searchWords(n, Number.MAX_SAFE_INTEGER)).filter((parts) => parts.length > 1).map((parts) => parts.join(''));
  return {
    search_text: wordsOf([d.first_name, d.last_name]).join(' '),
    search_family: wordsOf([d.father_name, d.grandfather_name]).join(' '),
    search_identity: [...wordsOf(numbers), ...joined].join(' '),
  };
}
