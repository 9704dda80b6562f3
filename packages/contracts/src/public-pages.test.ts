// firebase.json's Hosting rewrites say the same as the public page table: a page drawn per
// request goes to the `pages` function, a page drawn at build time to its file, and nothing
// else is rewritten but the API and the shell.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicPageList } from './public-pages.js';

type Rewrite = { source: string; function?: { functionId: string }; destination?: string };
// The repository's folder (under jsdom `import.meta.url` is not a file URL).
const root = resolve(dirname(__filename), '..', '..', '..');
const config = JSON.parse(readFileSync(`${root}/firebase.json`, 'utf8')) as {
  hosting: { rewrites: Rewrite[] } | { rewrites: Rewrite[] }[];
};
const hosting = Array.isArray(config.hosting) ? config.hosting[0]! : config.hosting;

/** The rewrite's source for a page's path: a path parameter is one segment, `*`. */
const sourceOf = (path: string) => path.replace(/:[^/]+/g, '*');

/** What a rewrite sends a path to: the function's id, or the file. */
const target = (rewrite: Rewrite) => rewrite.function?.functionId ?? rewrite.destination;

describe('the public page table and firebase.json', () => {
  it('rewrites each page to where it is drawn, and nothing else but the API and the shell', () => {
    const expected = publicPageList.map((page) => ({
      source: sourceOf(page.path),
      to: page.drawn === 'per-request' ? 'pages' : `/pages${page.path}.html`,
    }));
    const rewrites = hosting.rewrites
      .filter((rewrite) => rewrite.source !== '/api/**' && rewrite.source !== '**')
      .map((rewrite) => ({ source: rewrite.source, to: target(rewrite) }));
    expect(rewrites).toEqual(expected);
  });

  it('sends the API to the api function and every other address to the shell, last', () => {
    expect(hosting.rewrites.map(target)).toContain('api');
    expect(hosting.rewrites.at(-1)).toEqual({ source: '**', destination: '/pages/app.html' });
  });
});
