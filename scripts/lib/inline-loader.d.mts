/** The `'sha256-…'` Content-Security-Policy source of an inline script whose text is `text`. */
export function scriptHashSource(text: string): string;
/** web/inline/load-site.js, the loader's one source. */
export const loaderFile: string;
/** The loader's text as the pages carry it, and its policy source. */
export function inlineLoader(): { text: string; source: string };
/** The sources of `script-src` in a Hosting config's Content-Security-Policy. */
export function scriptSources(firebaseConfig: unknown): string[];
/** firebase.json at the root of the project. */
export function projectHostingConfig(): unknown;
/** web/inline/kept-pass-page.js, the plain shell's drawing of the pass page kept on the phone. */
export const keptPassPageFile: string;
/** That script's text as the plain shell carries it, and its policy source (ADR 86). */
export function inlineKeptPassPage(): { text: string; source: string };
