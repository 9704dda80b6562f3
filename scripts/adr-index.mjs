// Writes docs/decisions/README.md, the index of the decision records, from the records
// themselves (their title line and the first clause of their Status line), so the index can
// never disagree with them. `--check` (part of `npm run check`) fails when the file on disk
// is not what this script would write.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/emulators.mjs';

const folder = join(root, 'docs', 'decisions');
const indexFile = join(folder, 'README.md');

/** The first clause of a record's status ("Accepted", "Superseded by 0013"), or Accepted. */
export function statusOf(text) {
  const line = text.split('\n').find((entry) => /^status:/i.test(entry));
  if (!line) return 'Accepted';
  const clause = line
    .replace(/^status:\s*/i, '')
    .split(/[;(]/)[0]
    .trim()
    .replace(/[.,]$/, '');
  return clause.charAt(0).toUpperCase() + clause.slice(1);
}

/** The record's title without its number ("# 29. The weekly menu" -> "The weekly menu"). */
export function titleOf(text) {
  const heading = text.split('\n').find((entry) => entry.startsWith('# ')) ?? '';
  return heading.replace(/^#\s*\d+[.:]?\s*/, '').trim();
}

export function renderIndex(records) {
  const rows = records.map(
    ({ file, text }) =>
      `| [${file.slice(0, 4)}](${file}) | ${titleOf(text).replaceAll('|', '\\|')} | ${statusOf(text)} |`,
  );
  return [
    '# Decision records',
    '',
    'One line per record: what was decided and whether it still holds. Written by',
    '`node scripts/adr-index.mjs` from the records themselves; add a record as',
    'a file named by the next free number and a short title with a `Status:` line, then run it.',
    '',
    '| ADR | decision | status |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

const records = readdirSync(folder)
  .filter((file) => /^\d{4}-.*\.md$/.test(file))
  .sort()
  .map((file) => ({ file, text: readFileSync(join(folder, file), 'utf8') }));
const wanted = renderIndex(records);

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(indexFile, 'utf8');
  } catch {
    // No index yet: reported below as out of date.
  }
  if (current !== wanted) {
    console.error('docs/decisions/README.md is out of date: run `node scripts/adr-index.mjs`.');
    process.exit(1);
  }
} else {
  writeFileSync(indexFile, wanted);
}
