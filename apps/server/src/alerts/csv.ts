// RFC 4180 CSV cells with spreadsheet formula injection neutralised (OWASP:
// a cell starting with = + - @ tab or CR is prefixed with a single quote).

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field: formula starts neutralised, quoted when it holds a comma, quote or line break. */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record terminated by CRLF, as RFC 4180 asks. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
