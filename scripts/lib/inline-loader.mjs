// The script each page carries inline to start the site's scripts after its content
// (web/inline/load-site.js, ADR 0039), the plain shell's script drawing the pass page kept on
// the phone (web/inline/kept-pass-page.js, ADR 86), and the Content-Security-Policy sources
// that allow them and no other inline script (ADR 0061). Inline, the browser runs them as the
// HTML is parsed: as files of their own, their requests started only once the parse reached
// them, and the largest paint waited for them. Each source is the hash of the exact text the
// pages carry, computed from that text here, so the build (web/scripts/prerender.mjs) refuses
// a policy that does not name it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The minifier Vite builds the site with (Vite re-exports it; importing Vite whole here would
// load its server too).
import { minifySync } from 'rolldown/utils';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const loaderFile = join(root, 'web', 'inline', 'load-site.js');
/** The plain shell's script that draws the pass page kept on the phone (ADR 86). */
export const keptPassPageFile = join(root, 'web', 'inline', 'kept-pass-page.js');

/** The `'sha256-…'` Content-Security-Policy source of an inline script whose text is `text`. */
export function scriptHashSource(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `file`'s text minified as a classic script, to be carried inline, and its policy source. */
function inlineScript(file) {
  // A classic script (`module: false`): `document.currentScript` names it, which a module's
  // does not.
  const { code, errors } = minifySync(basename(file), readFileSync(file, 'utf8'), { module: false });
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((error) => error.message).join('; ')}`);
  const text = code.trim();
  if (/<\/script|<!--/i.test(text)) throw new Error(`${file} cannot be inlined: its text closes the script`);
  return { text, source: scriptHashSource(text) };
}

/**
 * The loader's text as the pages carry it, minified (the home page's HTML must fit the first
 * round trip), and its policy source.
 */
export const inlineLoader = () => inlineScript(loaderFile);

/** The plain shell's inline script drawing the pass page kept on the phone, and its source. */
export const inlineKeptPassPage = () => inlineScript(keptPassPageFile);

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
