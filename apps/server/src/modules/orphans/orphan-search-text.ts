import { searchWords } from '@app/shared/search-folding';

type Searchable = { first_name: string; last_name: string } & {
  [K in 'father_name' | 'grandfather_name' | 'school_id_number' | 'identity_card_number']?: string | null;
};

/**
 * What search reads (`search_text`): names and id numbers, folded, as single-space separated
 * words. An id number is there both as its parts ("sch", "2005") and written together
 * ("sch2005"), so it is found however it is typed: "SCH-2005", "sch 20", "SCH2005", "2005".
 */
export function searchTextOf(d: Searchable): string {
  const numbers = [d.school_id_number, d.identity_card_number].filter((n): n is string => !!n);
  const joined = numbers.map((n) => searchWords(n, Number.MAX_SAFE_INTEGER)).filter((parts) => parts.length > 1).map((parts) => parts.join(''));
  const text = [d.first_name, d.last_name, d.father_name, d.grandfather_name, ...numbers].filter(Boolean).join(' ');
  return [...searchWords(text, Number.MAX_SAFE_INTEGER), ...joined].join(' ');
}
