// The pages' inline loader and the policy source that allows it (ADR 0061): the hash in
// firebase.json is of the exact text the build inlines, so a change to the loader that leaves
// the policy behind fails here, before any page goes inert under it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  inlineKeptPassPage,
  inlineLoader,
  loaderFile,
  projectHostingConfig,
  scriptHashSource,
  scriptSources,
} from './inline-loader.mjs';

describe('the inline loader', () => {
  const loader = inlineLoader();

  it('is the hash of its text, as the browser computes it', () => {
    const digest = createHash('sha256').update(Buffer.from(loader.text, 'utf8')).digest('base64');
    expect(loader.source).toBe(`'sha256-${digest}'`);
    expect(scriptHashSource(`${loader.text} `)).not.toBe(loader.source);
  });

  it('is allowed by firebase.json’s policy, with no other inline script but the kept pass page’s', () => {
    const sources = scriptSources(projectHostingConfig());
    expect(sources).toContain(loader.source);
    expect(sources.filter((source) => /^'(sha256|sha384|sha512|nonce)-/.test(source))).toEqual([
      loader.source,
      inlineKeptPassPage().source,
    ]);
    expect(sources).not.toContain("'unsafe-inline'");
  });

  it('is web/inline/load-site.js minified, reading its own data attributes', () => {
    const original = readFileSync(loaderFile, 'utf8');
    expect(loader.text.length).toBeLessThan(original.length / 2);
    expect(loader.text).toContain('document.currentScript');
    expect(loader.text).toContain('data-entry');
    expect(loader.text).toContain('data-preload');
    expect(loader.text).not.toMatch(/<\/script/i);
  });
});

describe('scriptSources', () => {
  it('reads script-src from a Hosting config’s policy', () => {
    const config = {
      hosting: {
        headers: [
          { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'immutable' }] },
          {
            source: '**',
            headers: [
              {
                key: 'Content-Security-Policy',
                value: "default-src 'self'; script-src 'self' 'sha256-abc='; object-src 'none'",
              },
            ],
          },
        ],
      },
    };
    expect(scriptSources(config)).toEqual(["'self'", "'sha256-abc='"]);
    expect(scriptSources({ hosting: { headers: [] } })).toEqual([]);
  });
});
