// The one CSV writer of the API's exports (the production sheet, payments, members) and the
// site's downloads (Insights' charts).

/**
 * Where a spreadsheet may start a formula inside a cell's text: at its start, and after each
 * `;`, since a spreadsheet that splits lines on `;` (the default in much of Europe) reads
 * `x;=1+1` as two cells. A formula starts with =, +, -, @, a tab or a carriage return.
 */
const formulaStart = /(^|;)(?=[=+\-@\t\r])/g;

/**
 * A CSV cell as a spreadsheet cannot run it: always quoted (so `,`, `;`, quotes and line
 * breaks stay inside it whatever the reader splits on), and text that could start a formula
 * prefixed with ' there (formula injection). Numbers are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'number' ? String(value) : value.replace(formulaStart, "$1'");
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV line from cells, ended with CRLF as RFC 4180 says. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
