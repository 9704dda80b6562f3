// The rollup documents (ADR 0036) are maps of counters, nested by what they count (a slot, a
// tier, a meal): the insights read them by path, a counter not written yet being zero.

export type Fields = Record<string, unknown>;

/** The counter at `path` in a rollup document; 0 when it, or the document, is missing. */
export const numberAt = (document: Fields | undefined, ...path: string[]): number => {
  let node: unknown = document;
  for (const segment of path) node = node && typeof node === 'object' ? (node as Fields)[segment] : undefined;
  return typeof node === 'number' ? node : 0;
};
