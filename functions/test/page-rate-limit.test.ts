// The `pages` function's own limit on renders per address (ADR 0018), and its redirects to a
// page's canonical address: raw HTTP to the site's page URLs, not the API's routes.
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitSettings } from '../src/config.js';
import { someAddress } from './support/addresses.js';

describe('the limit on page renders, per address', () => {
  let origin = '';
  let close = () => {};
  const rendered: string[] = [];
  beforeAll(async () => {
    // The renderer and templates as the build left them beside the functions' bundle.
    process.env.SITE_RENDERER_DIR = join(__dirname, '..', 'lib', 'site');
    const { createPagesApp } = await import('../src/features/pages/app.js');
    // A stand-in API that notes every read the renderer makes.
    const transport = async (url: string) => {
      rendered.push(url);
      return Response.json({ message: 'Try again in a moment' }, { status: 503 });
    };
    const server = createPagesApp(transport, {
      rateLimits: () => ({ ...rateLimitSettings(), pageRendersPerMinute: 3 }),
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const page = (path: string, address: string) =>
    fetch(`${origin}${path}`, { redirect: 'manual', headers: { 'x-forwarded-for': address } });

  it('sends /menu?x=<random> to /menu without rendering, so the CDN keeps one copy', async () => {
    const address = someAddress();
    rendered.length = 0;
    for (let index = 0; index < 5; index++) {
      const response = await page(`/menu?x=${Math.random().toString(36).slice(2)}`, address);
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/menu');
      expect(response.headers.get('cache-control')).toMatch(/^public/);
    }
    // The parameters a page reads stay, in the page's order; the others go.
    const meals = await page('/meals?utm_source=mail&category=Breakfast&search=soup&page=2', address);
    expect(meals.headers.get('location')).toBe('/meals?search=soup&category=Breakfast');
    expect(rendered).toEqual([]);
    // The canonical address itself is rendered (its reads reach the renderer's API).
    expect((await page('/menu?from=2030-01-07', address)).status).toBe(200);
    expect(rendered.length).toBeGreaterThan(0);
  });

  it('refuses renders past the limit with a short HTML page and Retry-After; another address goes on', async () => {
    const address = someAddress();
    for (let index = 0; index < 3; index++) expect((await page('/upcoming-meals', address)).status).toBe(200);
    const refused = await page('/upcoming-meals', address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const html = await refused.text();
    expect(html).toContain('<h1>Too many requests</h1>');
    expect(html).not.toContain('<script');
    expect((await page('/upcoming-meals', someAddress())).status).toBe(200);
  });
});
