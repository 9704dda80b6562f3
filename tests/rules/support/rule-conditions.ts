// The conditions of a rules file: every `allow ... if` condition and every function body,
// split at the top-level && and || into the single conditions a rule is made of. The
// emulator's coverage report names only what it evaluated, so this is the list that says
// what "all of them" means.

export interface Condition {
  /** Offsets into the rules text, end exclusive. */
  start: number;
  end: number;
  line: number;
  text: string;
}

const opening = new Set(['(', '[', '{']);
const closing = new Set([')', ']', '}']);

/** Where each `return ...;` and `if ...;` expression of the rules text starts and ends. */
function expressionSpans(source: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const keyword = /\b(return|if)\b/g;
  for (let match = keyword.exec(source); match; match = keyword.exec(source)) {
    const lineStart = source.lastIndexOf('\n', match.index) + 1;
    if (source.slice(lineStart, match.index).includes('//')) continue; // inside a comment
    const start = match.index + match[0].length;
    const end = scanTo(source, start, ';');
    spans.push([start, end]);
    keyword.lastIndex = end;
  }
  return spans;
}

/** The offset of the first `stop` outside brackets and string literals, from `from` on. */
function scanTo(source: string, from: number, stop: string): number {
  let depth = 0;
  for (let index = from; index < source.length; index++) {
    const char = source[index];
    if (char === "'" || char === '"') {
      const close = source.indexOf(char, index + 1);
      // An unclosed quote (an apostrophe in a comment) ends the scan instead of restarting it.
      if (close === -1) return source.length;
      index = close;
      continue;
    }
    // The stop is looked for before brackets count, so `)` finds the one closing `from`'s `(`.
    if (depth === 0 && source.startsWith(stop, index)) return index;
    if (opening.has(char)) depth++;
    else if (closing.has(char)) depth--;
  }
  return source.length;
}

function trimmed(source: string, start: number, end: number): [number, number] {
  while (start < end && /\s/.test(source[start])) start++;
  while (end > start && /\s/.test(source[end - 1])) end--;
  return [start, end];
}

/** Splits an expression at its top-level && and ||, unwrapping fully parenthesised parts. */
function split(source: string, start: number, end: number): Array<[number, number]> {
  [start, end] = trimmed(source, start, end);
  const parts: Array<[number, number]> = [];
  let depth = 0;
  let partStart = start;
  for (let index = start; index < end; index++) {
    const char = source[index];
    if (char === "'" || char === '"') {
      const close = source.indexOf(char, index + 1);
      if (close === -1) break;
      index = close;
      continue;
    }
    if (opening.has(char)) depth++;
    else if (closing.has(char)) depth--;
    else if (depth === 0 && (source.startsWith('&&', index) || source.startsWith('||', index))) {
      parts.push([partStart, index]);
      partStart = index + 2;
      index++;
    }
  }
  parts.push([partStart, end]);
  if (parts.length > 1) return parts.flatMap(([from, to]) => split(source, from, to));
  if (source[start] === '(' && scanTo(source, start + 1, ')') === end - 1) return split(source, start + 1, end - 1);
  return [[start, end]];
}

export function conditionsOf(source: string): Condition[] {
  return expressionSpans(source)
    .flatMap(([start, end]) => split(source, start, end))
    .map(([start, end]) => ({
      start,
      end,
      line: source.slice(0, start).split('\n').length,
      text: source.slice(start, end).replace(/\s+/g, ' '),
    }))
    .filter((condition) => condition.text !== 'true' && condition.text !== 'false');
}
