// `npm run check` (the static suite): every repository path named in a source comment or a doc
// exists. A comment or doc that points at a moved or deleted file sends the next reader
// looking for something that is not there. Precise on purpose, so prose is not flagged: a
// word counts as a path only when it starts with a known top-level folder (web/, functions/...)
// or ends with a known file extension (.ts, .mjs, .md...). A bare file name or a path inside a
// workspace (`lib/route.ts`, `seed.mjs`) is found when some tracked file ends with it;
// build outputs and other git-ignored files count as existing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { root } from './lib/emulators.mjs';

// Named on purpose although they do not exist: the files docs/architecture.md's "Where to
// add..." walk-through has the reader create, and the folder ADR 7 records moving away from.
const notMeantToExist = new Set([
  'web/src/features/packages/api/get-packages.ts',
  'web/src/features/packages/pages/packages.tsx',
  'web/src/features/packages/pages/packages.test.tsx',
  'functions/src/shared',
]);
const topLevel = ['functions', 'web', 'packages', 'scripts', 'tests', 'e2e', 'docs', '.ci', '.github'];
const extensions = ['ts', 'tsx', 'mts', 'mjs', 'js', 'json', 'md', 'rules', 'css', 'html', 'yml', 'yaml', 'sh'];
const sourceFolders = [
  'functions/src',
  'functions/test',
  'web/src',
  'web/scripts',
  'packages',
  'scripts',
  'tests',
  'e2e',
];

const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout;
const tracked = git('ls-files', '-co', '--exclude-standard').split('\n').filter(Boolean);
const trackedSet = new Set(tracked);
const trackedDirs = new Set(
  tracked.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

const isSource = (file) =>
  file === 'firestore.rules' ||
  (sourceFolders.some((folder) => file.startsWith(`${folder}/`)) && /\.(ts|tsx|mts|mjs|js)$/.test(file));
const isDoc = (file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md'));

/** The comment text of a source file (line and block comments), line by line. */
function commentLines(text) {
  const lines = [];
  let inBlock = false;
  for (const [index, line] of text.split('\n').entries()) {
    let rest = line;
    if (inBlock) {
      const end = rest.indexOf('*/');
      lines.push([index + 1, end === -1 ? rest : rest.slice(0, end)]);
      if (end === -1) continue;
      inBlock = false;
      rest = rest.slice(end + 2);
    }
    const block = rest.search(/(^|\s)\/\*/);
    const lineComment = rest.search(/(^|[\s;,{}()])\/\/(?!\/)/);
    if (lineComment !== -1 && (block === -1 || lineComment < block)) {
      lines.push([index + 1, rest.slice(lineComment)]);
    } else if (block !== -1) {
      const end = rest.indexOf('*/', block + 2);
      lines.push([index + 1, end === -1 ? rest.slice(block) : rest.slice(block, end)]);
      if (end === -1) inBlock = true;
    }
  }
  return lines;
}

const ignored = (path) =>
  [path, `${path}/`].some(
    (candidate) => spawnSync('git', ['check-ignore', '-q', '--no-index', candidate], { cwd: root }).status === 0,
  );
const exists = (path) => {
  const clean = normalize(path).replace(/\/$/, '');
  if (trackedSet.has(clean) || trackedDirs.has(clean) || existsSync(join(root, clean))) return true;
  // Build outputs, caches and secrets files are named but not committed.
  return ignored(clean);
};
// A bare name or a path inside a workspace: some tracked file ends with it, or it is a build
// output of a workspace (`lib/index.js` of functions, `dist/pages/app.html` of the site).
const workspaces = ['functions', 'web', 'packages/contracts'];
const resolvesSomewhere = (path) => {
  const withoutDots = path.replace(/^(\.\.?\/)+/, '');
  return (
    tracked.some((file) => file === withoutDots || file.endsWith(`/${withoutDots}`)) ||
    (/\.(js|html)$/.test(withoutDots) &&
      workspaces.some(
        (workspace) => ignored(`${workspace}/${withoutDots}`) || ignored(`${workspace}/dist/${withoutDots}`),
      ))
  );
};
// `docs/decisions/0015` names ADR 15 by its number.
const startsSomething = (path) => tracked.some((file) => file.startsWith(path));

const candidate = /[A-Za-z0-9_.\-/@[\]<>]+/g;
const known = new RegExp(`\\.(${extensions.join('|')})$`);

/** The missing paths a piece of text names (`from` is the file it is in). */
function missingPaths(text, from) {
  const missing = [];
  const withoutUrls = text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');
  for (const [word] of withoutUrls.matchAll(candidate)) {
    const path = word
      .replace(/^[./]*(?=[A-Za-z])/, (lead) => (lead.startsWith('.') ? lead : ''))
      .replace(/[.,:;)\]]+$/, '');
    if (
      !path ||
      notMeantToExist.has(path) ||
      path.includes('<') ||
      path.startsWith('@') ||
      path.startsWith('/') ||
      path.includes('[') ||
      path.includes('..')
    )
      continue;
    const first = path.split('/')[0];
    const named = topLevel.includes(first) && path.includes('/');
    // `.test.ts` (a kind of file), `Stripe.js` or `express.json` (names of things, not files),
    // `apis.google.com/js/api.js` (an address without its scheme).
    if (!named && (path.startsWith('.') || (path.includes('/') && first.includes('.')))) continue;
    if (!named && (!known.test(path) || (!path.includes('/') && /\.(js|json)$/.test(path)))) continue;
    if (named) {
      if (!exists(path) && !extensions.some((ext) => exists(`${path}.${ext}`)) && !startsSomething(path)) {
        missing.push(path);
      }
    } else if (!exists(join(dirname(from), path)) && !exists(path) && !resolvesSomewhere(path)) {
      missing.push(path);
    }
  }
  return missing;
}

/** Markdown links to files: relative to the document. */
function missingLinks(text, from) {
  const missing = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    if (!exists(join(dirname(from), decodeURIComponent(target)))) missing.push(target);
  }
  return missing;
}

const problems = [];
for (const file of tracked) {
  if (!existsSync(join(root, file))) continue;
  if (isSource(file)) {
    for (const [line, comment] of commentLines(readFileSync(join(root, file), 'utf8'))) {
      for (const path of missingPaths(comment, file)) problems.push(`${file}:${line}: ${path}`);
    }
  } else if (isDoc(file)) {
    // Inside a fenced code block `](...)` is text (a regular expression's `[0-9](...)` in a
    // schema, say), not a link; the paths it names are still checked.
    let inFence = false;
    for (const [index, line] of readFileSync(join(root, file), 'utf8').split('\n').entries()) {
      if (line.trimStart().startsWith('```')) inFence = !inFence;
      const prose = line.replace(/\]\([^)]*\)/g, ']');
      for (const path of [...missingPaths(prose, file), ...(inFence ? [] : missingLinks(line, file))]) {
        problems.push(`${file}:${index + 1}: ${path}`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Paths named in comments or docs that do not exist (fix the reference or the file):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('Every path named in a comment or a doc exists.');
