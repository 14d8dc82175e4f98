/**
 * Values written left to right whatever the language around them: blood groups, grades, codes
 * and id numbers. Inside right-to-left text the browser's bidi rules would move their neutral
 * signs ("A+" read as "+A", "O-" as "-O"); isolated as left to right they read as written.
 *
 * `ltrText` is for where only a string can go (a chart's SVG label, an <option>); on the page,
 * the <Ltr> component (components/ui/ltr.tsx) does the same with an element.
 */
const LRI = '\u2066';
const PDI = '\u2069';

export function ltrText(value: string): string;
export function ltrText(value: string | null | undefined): string | null | undefined;
export function ltrText(value: string | null | undefined): string | null | undefined {
  return value ? `${LRI}${value}${PDI}` : value;
}
