/**
 * Text that a spreadsheet would take for a formula when a staff member opens or edits an export:
 * a first character of = + - @ (or their full-width forms, which some spreadsheet programs read
 * the same), or a tab or carriage return before one. `=HYPERLINK("http://evil","Open")` in a
 * child's notes would otherwise become a live link — or, through DDE, a command — in the Excel
 * report (issue 12, finding 9; decision 0025).
 */
const FORMULA_START = /^[\t\r]*[=+\-@\uff1d\uff0b\uff0d\uff20]/;
/**
 * Digits with signs, spaces and number punctuation only ("+93 700 111 222", "-12.50"): no letter,
 * so no function or cell reference, nothing a formula could do. These stay as typed.
 */
const NUMBER_LIKE = /^[\d\s+\-().,/]*$/;

/**
 * A text cell for an export: one that would start a formula gets a leading apostrophe, which
 * spreadsheets show as text and never evaluate; anything else is returned unchanged. Every text
 * value an Excel or CSV export writes goes through this — the input rules do not refuse these
 * characters, because a phone number or a note may begin with them.
 */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) && !NUMBER_LIKE.test(cell) ? `'${cell}` : cell;
}
