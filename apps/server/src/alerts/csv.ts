// RFC 4180 CSV cells with spreadsheet formula injection neutralised (OWASP: a
// formula character is prefixed with a single quote). Not only at the start of
// a cell: a spreadsheet that splits on `;`, `,` or tab, or starts a line at a
// line break, would make the text after one of those the start of a new cell.

/** Where a formula could start: the cell's start, or after a separator or line break inside it. */
const FORMULA_START = /(?<=^|[;,\t\r\n])(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One CSV field: every place a formula could start neutralised; quoted when it holds a separator, quote or line break. */
export function csvCell(value: unknown): string {
  const text = (
    value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value)
  ).replace(FORMULA_START, "'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record terminated by CRLF, as RFC 4180 asks. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
