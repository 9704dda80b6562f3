// A page's own style rules (ADR 0043): cut from the site's stylesheet by the classes its markup
// names. The e2e suite checks that each public page draws the same under them as under the
// whole stylesheet (e2e/server-rendered-pages.spec.ts); these are the cases that check
// leaves unseen.
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  classesInHtml,
  classesRequiredBy,
  outlineStylesheet,
  rulesFor,
  withPageRules,
} from '../src/features/pages/page-rules.js';

const outline = (css: string) => outlineStylesheet(postcss.parse(css));
const rules = (css: string, classes: string[]) => rulesFor(outline(css), new Set(classes));

describe('the classes a selector needs', () => {
  it('reads escaped names as the class attribute writes them', () => {
    expect(classesRequiredBy('.md\\:flex')).toEqual(['md:flex']);
    expect(classesRequiredBy('.w-\\[calc\\(100\\%-2rem\\)\\]')).toEqual(['w-[calc(100%-2rem)]']);
    expect(classesRequiredBy('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(classesRequiredBy('.bg-white\\/95')).toEqual(['bg-white/95']);
  });

  it('needs every class of a compound or nested selector, but none inside :not()', () => {
    expect(classesRequiredBy('.group-hover\\:underline:is(:where(.group):hover *)')).toEqual([
      'group-hover:underline',
      'group',
    ]);
    expect(classesRequiredBy(':where(.space-y-4>:not(:last-child))')).toEqual(['space-y-4']);
    expect(classesRequiredBy('.card:not(.is-open, .hidden) .title')).toEqual(['card', 'title']);
    expect(classesRequiredBy('html, :host')).toEqual([]);
  });
});

describe('the classes of a page', () => {
  it('decodes the attribute as a browser does, and ignores text that only looks like one', () => {
    const html =
      '<div class="a md:flex  bg-[url(&#x27;x.png&#x27;)]"><p class="content-[&quot;&gt;&quot;] x&amp;y">' +
      'class=&quot;injected&quot;</p></div>';
    expect([...classesInHtml(html)].sort()).toEqual(['a', "bg-[url('x.png')]", 'content-[">"]', 'md:flex', 'x&y']);
  });
});

describe('the rules a page keeps', () => {
  const stylesheet = [
    '@layer theme,base,utilities;',
    '@layer base{*,:after{box-sizing:border-box}html{line-height:1.5}}',
    '@layer utilities{.flex{display:flex}.grid{display:grid}.md\\:grid{}',
    '@media (min-width:48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}',
    '.shadow{--tw-shadow:0 1px 2px #0000;box-shadow:var(--tw-shadow)}.ring{box-shadow:var(--tw-ring-shadow)}}',
    '@keyframes spin{to{transform:rotate(360deg)}}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-shadow-color{syntax:"*";inherits:false}',
    '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  ].join('');

  it('keeps the rules its classes use, in the stylesheet’s order, and what needs no class', () => {
    expect(rules(stylesheet, ['flex', 'md:flex'])).toBe(
      [
        '@layer theme,base,utilities;',
        '@layer base{*,:after{box-sizing:border-box}html{line-height:1.5}}',
        '@layer utilities{.flex{display:flex}@media (min-width:48rem){.md\\:flex{display:flex}}}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
      ].join(''),
    );
  });

  it('drops a block none of whose rules is kept', () => {
    expect(rules(stylesheet, ['grid'])).not.toContain('@media');
    expect(rules(stylesheet, ['md:grid'])).toContain('@media (min-width:48rem){.md\\:grid{display:grid}}');
  });

  it('registers the custom properties its rules read, and only those', () => {
    const kept = rules(stylesheet, ['shadow']);
    expect(kept).toContain('@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}');
    expect(kept).not.toContain('--tw-shadow-color');
    expect(kept).not.toContain('--tw-ring-shadow');
  });

  it('keeps the theme’s custom properties that what is kept reads, and what those read', () => {
    const theme =
      '@layer theme{:root,:host{--font-sans:Inter;--default-font-family:var(--font-sans);--color-red:red;' +
      '--color-blue:blue;--spacing:.25rem}}' +
      '@layer base{html{font-family:var(--default-font-family)}}' +
      '@layer utilities{.p-1{padding:calc(var(--spacing)*1)}.text-red{color:var(--color-red)}}';
    expect(rules(theme, ['p-1'])).toBe(
      '@layer theme{:root,:host{--font-sans:Inter;--default-font-family:var(--font-sans);--spacing:.25rem}}' +
        '@layer base{html{font-family:var(--default-font-family)}}' +
        '@layer utilities{.p-1{padding:calc(var(--spacing)*1)}}',
    );
    // A style attribute of the page reads one too.
    expect(rulesFor(outline(theme), new Set(), ['--color-blue'])).toContain('--color-blue:blue');
    // A rule of custom properties that is read by nothing keeps its block, and its layer's place.
    expect(rules('@layer theme{:root{--a:1}}.x{color:red}', [])).toBe('@layer theme{}');
  });

  it('keeps a rule when one selector of its list matches', () => {
    expect(rules('.a,.b .c{color:red}.d{color:blue}', ['b', 'c'])).toBe('.a,.b .c{color:red}');
  });

  it('replaces the page’s inline stylesheet with its own rules, marked for load-site.js', () => {
    const page =
      `<html><head><style>${stylesheet}</style><link rel="stylesheet" href="/assets/index.css" disabled></head>` +
      '<body><div id="root"><p class="flex">Soup</p></div></body></html>';
    const cut = withPageRules(page, outline(stylesheet));
    const styled = withPageRules(
      page.replace('<p class="flex">', '<p class="flex" style="box-shadow: var(--tw-ring-shadow)">'),
      outline(stylesheet),
    );
    expect(styled).toContain('@property --tw-ring-shadow');
    expect(cut).toContain('<style data-page-rules>@layer theme,base,utilities;');
    expect(cut).toContain('.flex{display:flex}');
    expect(cut).not.toContain('.grid{display:grid}');
    expect(cut).toContain('<link rel="stylesheet" href="/assets/index.css" disabled>');
    expect(() => withPageRules('<html><body></body></html>', outline(stylesheet))).toThrow(/no inline stylesheet/);
  });
});
