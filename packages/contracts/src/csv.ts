// The one CSV writer of the API's exports and the site's downloads.

/**
 * A CSV cell as a spreadsheet cannot run it: quoted when it holds a comma, a quote or a line
 * break, and prefixed with ' when it begins with =, +, -, @, a tab or a carriage return
 * (formula injection). The one CSV writer of the API's exports and the site's downloads.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const neutral = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

/** One CSV line from cells, ended with CRLF as RFC 4180 says. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
