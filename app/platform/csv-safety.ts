/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return before one) as
 * a formula: an exported name like `=HYPERLINK(...)` would run on the admin's computer. Such a
 * text cell gets a leading apostrophe, which spreadsheets show as text. Numbers are not text
 * and stay as they are (a refund of -500 is a number).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
