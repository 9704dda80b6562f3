// The script each page carries inline to start the site's scripts after its content
// (web/inline/load-site.js, ADR 0039), and the Content-Security-Policy source that allows it
// and no other inline script (ADR 0061). Inline, the browser runs it as the HTML is parsed: as
// a file of its own, its request started only once the parse reached it, and the largest paint
// waited for it. The source is the hash of the exact text the pages carry, computed from that
// text here, so the build (web/scripts/prerender.mjs) refuses a policy that does not name it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The minifier Vite builds the site with (Vite re-exports it; importing Vite whole here would
// load its server too).
import { minifySync } from 'rolldown/utils';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const loaderFile = join(root, 'web', 'inline', 'load-site.js');

/** The `'sha256-…'` Content-Security-Policy source of an inline script whose text is `text`. */
export function scriptHashSource(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The loader's text as the pages carry it, minified (the home page's HTML must fit the first
 * round trip), and its policy source.
 */
export function inlineLoader() {
  // A classic script (`module: false`): `document.currentScript` names it, which a module's
  // does not.
  const { code, errors } = minifySync('load-site.js', readFileSync(loaderFile, 'utf8'), { module: false });
  if (errors.length > 0) throw new Error(`${loaderFile}: ${errors.map((error) => error.message).join('; ')}`);
  const text = code.trim();
  if (/<\/script|<!--/i.test(text)) throw new Error(`${loaderFile} cannot be inlined: its text closes the script`);
  return { text, source: scriptHashSource(text) };
}

/** The sources of `script-src` in a Hosting config's Content-Security-Policy. */
export function scriptSources(firebaseConfig) {
  const csp = (firebaseConfig.hosting?.headers ?? [])
    .flatMap((rule) => rule.headers)
    .find((header) => header.key === 'Content-Security-Policy')?.value;
  const directive = (csp ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  return directive ? directive.slice(1) : [];
}

/** firebase.json at the root of the project. */
export function projectHostingConfig() {
  return JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
}
