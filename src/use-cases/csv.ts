/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field holding a comma, a quote, a
 * line break or leading or trailing spaces enclosed in double quotes (a quote inside doubled). Null and undefined
 * are empty fields.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/

/** One field, quoted when it must be. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ""
  const text = String(value)
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One record, CRLF-ended. */
export const csvRecord = (fields: readonly (string | number | boolean | null | undefined)[]): string =>
  `${fields.map(csvField).join(",")}\r\n`

/** What a spreadsheet reads as a formula when a cell starts with it ("=", "+", "-", "@", a tab or a return). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A text from outside (a company's name, a reference) made safe for a spreadsheet: one that would start a formula
 * gets a leading apostrophe, so the sheet shows it as text and never runs it (OWASP's CSV injection advice). Only
 * for texts: amounts and dates are written as they are.
 */
export const spreadsheetText = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : FORMULA_START.test(value) ? `'${value}` : value
