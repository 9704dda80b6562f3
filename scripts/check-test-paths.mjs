// `npm run check` (the static suite): the API tests name a route by its entry in the endpoint
// table (`call('requestMeal', ...)`, functions/test/support/emulators.ts), never by a path of
// their own, so a moved route moves every test with it. A literal API path ('/meal-request',
// `/servings/${id}`) is allowed only in a `raw(...)` call, whose point is a path the table
// cannot name (an unknown route, a malformed segment), and in the files below, whose point is
// raw HTTP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createJiti } from 'jiti';
import { root } from './lib/emulators.mjs';

/** Files whose point is the HTTP the table does not describe, each with its reason. */
const rawHttpFiles = {
  // The site's pages through Hosting and the `pages` function, whose URLs share API words.
  'functions/test/pages.test.ts': 'site pages and the pages function',
  'functions/test/page-rate-limit.test.ts': 'site pages and the pages function',
  'functions/test/caching.test.ts': "Hosting's cache headers for site and API URLs",
  // The deployed shape: the pages function, rendering site pages at its own origin.
  'functions/test/deploy-secrets.test.ts': 'the pages function at its own origin',
};

const jiti = createJiti(import.meta.url);
const { routes } = await jiti.import('../packages/contracts/src/routes.ts');
const firstSegments = [...new Set(Object.values(routes).map((route) => route.path.split('/')[1]))];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
// A path starts a string or a template, or follows an API base: '/servings', `/servings/${id}`,
// `${apiBase}/servings` (a Firestore path, `meals/${id}/reviews`, has no leading slash).
const apiPath = new RegExp(`(?:['"\`]|[Bb]ase\\})/(?:${firstSegments.map(escape).join('|')})(?=[/?'"\`$]|$)`);

const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', 'functions/test'], {
  cwd: root,
  encoding: 'utf8',
})
  .stdout.split('\n')
  .filter((file) => /\.(ts|mts)$/.test(file) && !(file in rawHttpFiles));

const problems = [];
for (const file of files) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '');
    if (!apiPath.test(code)) return;
    // A raw call may put its path on the line after `raw(`.
    if (/\braw\(/.test(code) || /\braw\(\s*$/.test(lines[index - 1] ?? '')) return;
    problems.push(`${file}:${index + 1}: ${line.trim()}`);
  });
}

if (problems.length > 0) {
  console.error(
    'API tests call routes by their name in the endpoint table (call(name, ...) in\n' +
      'functions/test/support/emulators.ts); these lines write an API path by hand:\n' +
      problems.map((problem) => `  ${problem}`).join('\n'),
  );
  process.exit(1);
}
