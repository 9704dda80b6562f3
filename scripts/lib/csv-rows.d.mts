/** The rows of a CSV text, each a list of its cells (RFC 4180, as csvLine writes them). */
export function parseCsv(text: string): string[][];
