// What browsers and the Hosting CDN may keep: public answers to anonymous visitors, hashed
// assets for a year, and nothing personal or erroneous. Asserted on the headers Hosting sends.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiBase, createUser, db } from './support/emulators.js';
import { seedMeal, uniqueWord } from './support/meals.js';

const site = apiBase.replace(/\/api$/, '');
const shared = 'public, max-age=30, s-maxage=300, stale-while-revalidate=600';
const personal = 'private, no-store';

async function headersOf(url: string, token?: string) {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await response.arrayBuffer();
  return { status: response.status, cache: response.headers.get('cache-control'), vary: response.headers.get('vary') };
}

/** The sources of the policy's directive `name`. */
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1) ?? [];

describe('public API reads', () => {
  it('may be shared by the CDN when anonymous, and key on Authorization', async () => {
    const mealId = await seedMeal({ title: `${uniqueWord()} Cached` });
    for (const path of [
      '/meals?limit=2',
      '/mealsByCategory?category=Lunch',
      '/packages',
      '/upcoming-meals',
      `/meal/${mealId}`,
      '/menu?days=3',
      `/meal/${mealId}/servings`,
    ]) {
      const answer = await headersOf(`${apiBase}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.cache, path).toBe(shared);
      expect(answer.vary?.toLowerCase(), path).toContain('authorization');
    }
  });

  it('stay private for a caller with a token, whose answer shows their own flags', async () => {
    const user = await createUser();
    const mealId = await seedMeal({ title: `${uniqueWord()} Mine` });
    for (const path of ['/upcoming-meals', `/meal/${mealId}`, '/meals?limit=2']) {
      expect((await headersOf(`${apiBase}${path}`, user.token)).cache, path).toBe(personal);
    }
  });

  it('never let an error be kept', async () => {
    expect(await headersOf(`${apiBase}/meal/no-such-meal`)).toMatchObject({ status: 404, cache: personal });
    expect(await headersOf(`${apiBase}/meals?limit=500`)).toMatchObject({ status: 400, cache: personal });
    expect(await headersOf(`${apiBase}/package/no-such-package`)).toMatchObject({ status: 404, cache: personal });
    expect(await headersOf(`${apiBase}/menu?from=2026-02-30`)).toMatchObject({ status: 400, cache: personal });
  });

  it('keep one package private: its amount due today changes by the minute', async () => {
    const answer = await headersOf(`${apiBase}/package/silver-cache-check`);
    expect(answer.status).toBe(404);
    await db.doc('packages/silver-cache-check').set({ name: 'Silver', price: 19.99, services: ['Test service'] });
    expect(await headersOf(`${apiBase}/package/silver-cache-check`)).toMatchObject({ status: 200, cache: personal });
    await db.doc('packages/silver-cache-check').delete();
  });

  it('leave personal routes private', async () => {
    const user = await createUser();
    const profile = await headersOf(`${apiBase}/user?email=${encodeURIComponent(user.email)}`, user.token);
    expect(profile).toMatchObject({ status: 200, cache: personal });
  });
});

describe('the site on Hosting', () => {
  it('revalidates the HTML built ahead on every route and keeps hashed assets for a year', async () => {
    for (const path of ['/login', '/privacy', '/meal', '/meals/extra', '/dashboard/my-profile', '/no-such-page']) {
      expect((await headersOf(`${site}${path}`)).cache, path).toBe('no-cache');
    }
    const html = await (await fetch(`${site}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    expect((await headersOf(`${site}${asset}`)).cache).toBe('public, max-age=31536000, immutable');
    expect((await headersOf(`${site}/images/default-avatar.svg`)).cache).toBe('public, max-age=86400');
  });

  it('lets the CDN keep the pages rendered with their data as long as the public answers, for every visitor alike', async () => {
    const meal = ((await (await fetch(`${apiBase}/meals?limit=1`)).json()) as { meals: { _id: string }[] }).meals[0]!;
    for (const path of ['/', '/meals', `/meal/${meal._id}`, '/upcoming-meals', '/menu', '/meals?category=Lunch']) {
      const response = await fetch(`${site}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(shared);
      expect(response.headers.get('vary'), path).toMatch(/Authorization.*Cookie|Cookie.*Authorization/);
      // Rendered as a visitor whoever asks: a token changes nothing in the HTML.
      const user = await createUser();
      const signedIn = await fetch(`${site}${path}`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(signedIn.headers.get('cache-control'), path).toBe(shared);
    }
    const missing = await fetch(`${site}/meal/no-such-meal`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Meal not found');
  });

  it('serves each public page its HTML, and every other route the plain shell', async () => {
    const page = async (path: string) => {
      const response = await fetch(`${site}${path}`);
      expect(response.status, path).toBe(200);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("script-src 'self' 'sha256-");
      return { html: await response.text(), policy };
    };
    const expected: [string, string][] = [
      ['/', 'Fuel Your Day with Delicious Hostel Meals'],
      ['/meals', '>All Meals</h1>'],
      ['/upcoming-meals', '>Upcoming Meals</h1>'],
      ['/menu', '>The menu</h1>'],
      ['/login', '>Login</h1>'],
      ['/register', '>Register</h1>'],
      // The footer's pages, whole: their text is in the HTML (web/src/features/info-pages/content.ts).
      ['/about', '>About Us</h1>'],
      ['/contact', '>Contact</h1>'],
      ['/faq', 'How do I request a meal?'],
      ['/terms', '>Terms of Service</h1>'],
      ['/privacy', 'Card payments are handled by Stripe'],
    ];
    for (const [path, text] of expected) {
      const { html, policy } = await page(path);
      expect(html, path).toContain(text);
      // The site's scripts are started by the inline loader after the content (ADR 0039, 0061),
      // with the page's own chunk among those it preloads. It is the page's only inline script
      // that runs (the data a page carries is JSON, which the browser never runs), and the
      // policy allows it by the hash of its exact text.
      const inline = [
        ...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))([^>]*)>([\s\S]*?)<\/script>/g),
      ];
      expect(inline, path).toHaveLength(1);
      const [, attributes, loader] = inline[0]!;
      expect(attributes, path).toMatch(
        /^ data-entry="\/assets\/index-[^"]+\.js" data-preload="[^"]*\/assets\/[^"]+\.js[^"]*"$/,
      );
      expect(loader, path).toContain('document.currentScript');
      const hash = `'sha256-${createHash('sha256').update(loader!, 'utf8').digest('base64')}'`;
      expect(directive(policy, 'script-src'), path).toContain(hash);
      expect(html, path).not.toContain('<script type="module"');
      expect(html, path).not.toContain('/load-site.js');
    }
    // Every other route: the plain shell, whose one inline script draws the pass page kept on
    // the phone (ADR 86), allowed by the hash of its text.
    for (const path of ['/dashboard/meal-pass', '/dashboard/my-profile', '/no-such-page']) {
      const { html, policy } = await page(path);
      expect(html, path).toContain('<div id="root"></div>');
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline, path).toHaveLength(1);
      expect(inline[0]![1], path).toContain(':pass-page');
      const hash = `'sha256-${createHash('sha256').update(inline[0]![1]!, 'utf8').digest('base64')}'`;
      expect(directive(policy, 'script-src'), path).toContain(hash);
    }
  });

  it('titles the prerendered pages as the site does once it runs', async () => {
    const titled: [string, string][] = [
      ['/login', 'Login · HostelHub'],
      ['/register', 'Register · HostelHub'],
      ['/about', 'About Us · HostelHub'],
      ['/contact', 'Contact · HostelHub'],
      ['/faq', 'FAQ · HostelHub'],
      ['/terms', 'Terms of Service · HostelHub'],
      ['/privacy', 'Privacy Policy · HostelHub'],
      ['/', 'HostelHub'],
    ];
    for (const [path, title] of titled) {
      const html = await (await fetch(`${site}${path}`)).text();
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toBe(title);
    }
  });
});

describe("the site's Content-Security-Policy", () => {
  const authEmulator = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;

  it('frames only Stripe and this project’s auth domain, and loads script only from the exact paths used', async () => {
    const policy = (await fetch(`${site}/`)).headers.get('content-security-policy') ?? '';
    // The emulator config adds the Auth emulator's own frame (scripts/lib/emulators.mjs).
    expect(directive(policy, 'frame-src').sort()).toEqual(
      [
        'https://js.stripe.com',
        'https://hooks.stripe.com',
        'https://demo-hostel-meals.firebaseapp.com',
        authEmulator,
      ].sort(),
    );
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      // The pages' inline loader and the plain shell's kept pass page, by the hashes of their
      // texts (ADR 0061, 86), and no other inline script.
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      // What @stripe/stripe-js loads, and Firebase Auth's pop-up helper with the gapi modules it pulls in.
      'https://js.stripe.com/endive/stripe.js',
      'https://apis.google.com/js/api.js',
      'https://apis.google.com/_/scs/abc-static/',
    ]);
    expect(policy).not.toMatch(/\*\.(firebaseapp\.com|web\.app)/);
  });
});
