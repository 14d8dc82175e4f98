import { expect, it } from 'vitest';
import { intlNamesMonthsOtherwise, withAfghanMonthNames } from './afghan-months.ts';

it("rewrites Intl's Iranian month names in English into the Afghan ones, whole words only", () => {
  expect(withAfghanMonthNames('Saturday, Azar 8, 1405 AP', 'en')).toBe('Saturday, Qaws 8, 1405 AP');
  expect(withAfghanMonthNames('Esfand 1403 – Farvardin 1404', 'en')).toBe('Hut 1403 – Hamal 1404');
  // "Dey" the month, never the day of "Monday"; "Tir" and "Mehr" only as words.
  expect(withAfghanMonthNames('Monday, Dey 1, Tir, Mehr', 'en')).toBe('Monday, Jadi 1, Saratan, Mizan');
  expect(withAfghanMonthNames('Tirana, Mehran', 'en')).toBe('Tirana, Mehran');
  expect(intlNamesMonthsOtherwise('en')).toBe(true);
});

it('leaves a text with no Solar Hijri month name as it is, in every language', () => {
  for (const language of ['en', 'fa-AF', 'ps-AF']) expect(withAfghanMonthNames('Choose a date, 12', language)).toBe('Choose a date, 12');
});
