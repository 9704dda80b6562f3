// The `pages` function (ADR 0038): public pages rendered with their data. Through Hosting on
// the emulators, as a visitor's browser asks for them; and served here with a stand-in for the
// API, for what happens when a read fails.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase } from './support/emulators.js';
import { seedMeal } from './support/meals.js';

const site = apiBase.replace(/\/api$/, '');

/** The JSON the page hands the browser, or null when it has none. */
const serverData = (html: string) =>
  /<script type="application\/json" id="server-data">([^<]*)<\/script>/.exec(html)?.[1] ?? null;

describe('a page rendered through Hosting', () => {
  it('shows a meal’s text as text, and its data cannot close the script that carries it', async () => {
    const title = '</script><script>alert(1)</script><!--';
    const mealId = await seedMeal({
      title,
      description: '<img src=x onerror=alert(2)>',
      image: 'https://i.ibb.co/abc/soup.jpg?v="1"',
    });
    const response = await fetch(`${site}/meal/${mealId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // Exactly two inline script elements: the loader the policy allows by its hash (ADR 61),
    // and the JSON one, never run; the meal's text opened none.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual([
      '<script type="application/json" id="server-data">',
      expect.stringMatching(/^<script data-entry="[^"]+" data-preload="[^"]+">$/),
    ]);
    const loader = /<script data-entry="[^"]+" data-preload="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(response.headers.get('content-security-policy')).toContain(
      `'sha256-${createHash('sha256').update(loader, 'utf8').digest('base64')}'`,
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // The document title too, and only the page's own.
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- · HostelHub</title>',
    ]);
    // And a shared link's preview: the meal's description and picture, as attribute text.
    expect(html).toContain('<meta name="description" content="&lt;img src=x onerror=alert(2)&gt;" />');
    expect(html).toContain('<meta property="og:description" content="&lt;img src=x onerror=alert(2)&gt;" />');
    expect(html).toContain('<meta property="og:image" content="https://i.ibb.co/abc/soup.jpg?v=&quot;1&quot;" />');
    const data = serverData(html)!;
    expect(data).not.toMatch(/<\/?script|<!--/i);
    expect(JSON.stringify(JSON.parse(data))).toContain(JSON.stringify(title).slice(1, -1));
  });

  it('titles each page as the site does once it runs', async () => {
    const titleOf = async (path: string) =>
      /<title>([^<]*)<\/title>/.exec(await (await fetch(`${site}${path}`)).text())?.[1];
    expect(await titleOf('/')).toBe('HostelHub');
    expect(await titleOf('/meals?search=pancake')).toBe('All Meals · HostelHub');
    expect(await titleOf('/upcoming-meals')).toBe('Upcoming Meals · HostelHub');
    expect(await titleOf('/menu')).toBe('Menu · HostelHub');
    expect(await titleOf('/meal/no-such-meal')).toBe('Meal not found · HostelHub');
  });

  it('is compressed with brotli where the browser takes it, else gzip, through Hosting', async () => {
    // Raw bytes, as a browser receives them (fetch would decode them).
    const raw = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        const ask = request(`${site}/menu`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              encoding: response.headers['content-encoding'],
              vary: response.headers.vary,
              body: Buffer.concat(chunks),
            }),
          );
        });
        ask.on('error', reject).end();
      });
    const chromium = await raw('gzip, deflate, br, zstd');
    const gzipOnly = await raw('gzip, deflate');
    const brRefused = await raw('br;q=0, gzip');
    expect([chromium.encoding, gzipOnly.encoding, brRefused.encoding]).toEqual(['br', 'gzip', 'gzip']);
    expect(chromium.vary).toMatch(/Accept-Encoding/i);
    const page = brotliDecompressSync(chromium.body).toString();
    expect(page).toContain('<div id="root">');
    // The same page either way, save the minute that may pass between the two renders.
    const withoutTimes = (html: string) => html.replace(/\d{13}/g, 'T');
    expect(withoutTimes(gunzipSync(gzipOnly.body).toString())).toBe(withoutTimes(page));
    expect(chromium.body.length).toBeLessThan(gzipOnly.body.length);
  });

  it('starts the large scripts a public page takes over with, and no other, with the compile hint', async () => {
    // ADR 88: V8 compiles such a file's functions off the main thread as it streams in.
    const hint = '//# allFunctionsCalledOnLoad\n';
    const hintedMinChars = 12 * 1024;
    const mealId = await seedMeal({ title: 'Compile hint soup' });
    const takeOver = new Set<string>();
    for (const path of ['/', '/meals', `/meal/${mealId}`, '/upcoming-meals', '/menu', '/login', '/register']) {
      const loader = /<script data-entry="([^"]+)" data-preload="([^"]*)">/.exec(
        await (await fetch(`${site}${path}`)).text(),
      );
      expect(loader, path).not.toBeNull();
      for (const file of [loader![1]!, ...loader![2]!.split(' ')]) takeOver.add(file);
    }
    // Every script of the build, as Hosting serves it.
    const manifest = JSON.parse(
      readFileSync(join(__dirname, '..', '..', 'web', 'dist', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const hinted = new Set<string>();
    const expected = new Set<string>();
    for (const file of new Set(Object.values(manifest).map((chunk) => `/${chunk.file}`))) {
      if (!file.endsWith('.js')) continue;
      const code = await (await fetch(`${site}${file}`)).text();
      if (code.startsWith(hint)) hinted.add(file);
      if (takeOver.has(file) && code.replace(hint, '').length >= hintedMinChars) expected.add(file);
    }
    expect([...hinted].sort()).toEqual([...expected].sort());
    // React DOM and the site's shell among them; a signed-in page's large chunk not.
    expect(hinted).toContain(`/${manifest['../node_modules/react-dom/client.js']!.file}`);
    expect(hinted).toContain(`/${manifest['src/start.tsx']!.file}`);
    expect(hinted).not.toContain(`/${manifest['src/features/insights/pages/insights.tsx']!.file}`);
  });

  it('renders /meals with the filters in its address', async () => {
    const html = await (await fetch(`${site}/meals?category=Breakfast`)).text();
    const queries = (JSON.parse(serverData(html)!) as { queries: { queries: { queryKey: unknown[] }[] } }).queries
      .queries;
    expect(queries.map((query) => query.queryKey)).toContainEqual([
      'meals',
      'list',
      { search: '', category: 'Breakfast', priceRange: '', diet: '', freeFrom: '' },
    ]);
  });
});

describe('a page whose reads fail', () => {
  let origin = '';
  let close = () => {};
  beforeAll(async () => {
    // The renderer and templates as the build left them beside the functions' bundle.
    process.env.SITE_RENDERER_DIR = join(__dirname, '..', 'lib', 'site');
    const { createPagesApp } = await import('../src/features/pages/app.js');
    const unavailable = async () => Response.json({ message: 'Try again in a moment' }, { status: 503 });
    const server = createPagesApp(unavailable).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('is left for the browser to draw and retry, and no cache keeps it', async () => {
    for (const path of ['/', '/meals', '/menu', '/upcoming-meals', '/meal/any-meal']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
      const html = await response.text();
      expect(serverData(html), path).toBeNull();
      expect(html, path).toContain('<div id="root"><');
    }
  });

  it('answers a route it does not render with 404', async () => {
    const response = await fetch(`${origin}/login`);
    expect(response.status).toBe(404);
  });

  it('answers an address that does not decode with a plain 400, no error page or stack', async () => {
    const response = await fetch(`${origin}/meal/%zz`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text).toBe('Malformed URL: invalid percent-encoding');
  });
});
