// What a rendered page's head says of it (ADR 45): the cases the e2e suite and the pages test
// leave unseen. Those check the head of real pages through Hosting.
import { describe, expect, it } from 'vitest';
import { withPageHead } from '../src/features/pages/page-head.js';

const template = [
  '<head>',
  '<meta name="description" content="HostelHub: tasty, affordable meals for people staying at the hostel." />',
  '<title>HostelHub</title>',
  '</head><body><div id="root"></div></body>',
].join('\n');

const meta = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)" />`).exec(html)?.[1] ?? null;

describe("a page's head", () => {
  it('keeps the site’s description and adds no preview for a page that does not describe itself', () => {
    const html = withPageHead(template, { title: 'All Meals · HostelHub', preview: null });
    expect(html).toContain('<title>All Meals · HostelHub</title>');
    expect(meta(html, 'name', 'description')).toBe(
      'HostelHub: tasty, affordable meals for people staying at the hostel.',
    );
    expect(html).not.toContain('og:');
  });

  it('writes what an admin typed as text, in the title and in every attribute', () => {
    const typed = '"><script>alert(1)</script> & <b>';
    const html = withPageHead(template, {
      title: `${typed} · HostelHub`,
      preview: { description: typed, image: 'https://i.ibb.co/x/pic.jpg?a=1&b="2"' },
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    const escaped = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;';
    expect(html).toContain(`<title>${escaped} · HostelHub</title>`);
    expect(meta(html, 'name', 'description')).toBe(escaped);
    expect(meta(html, 'property', 'og:title')).toBe(`${escaped} · HostelHub`);
    expect(meta(html, 'property', 'og:description')).toBe(escaped);
    expect(meta(html, 'property', 'og:image')).toBe('https://i.ibb.co/x/pic.jpg?a=1&amp;b=&quot;2&quot;');
  });

  it('cuts a long description after a word, and gives a picture only by its full address', () => {
    const long = `${'Slow-cooked lentils with rice and a fresh salad. '.repeat(8)}End.`;
    const html = withPageHead(template, {
      title: 'Dal · HostelHub',
      preview: { description: long, image: '/images/dal.jpg' },
    });
    const description = meta(html, 'property', 'og:description')!;
    expect(description.length).toBeLessThanOrEqual(201);
    expect(description).toMatch(/salad\.…$|\w…$/);
    expect(long.startsWith(description.slice(0, -1))).toBe(true);
    expect(meta(html, 'property', 'og:image')).toBeNull();
    expect(html).not.toContain('twitter:card');
  });

  it('refuses a template without the site’s title or description, rather than leave the page unnamed', () => {
    expect(() => withPageHead('<title>Other</title>', { title: 'X', preview: null })).toThrow(/no <title>HostelHub/);
    expect(() => withPageHead('<title>HostelHub</title>', { title: 'X', preview: null })).toThrow(/no description/);
  });
});
