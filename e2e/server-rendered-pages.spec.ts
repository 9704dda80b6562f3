// The public pages rendered with their data by the `pages` function (ADR 0038): the data is
// in the first HTML, the CDN may keep it, and the browser takes the page over without drawing
// it again, asking the API for nothing the HTML carried.
import { scriptHashSource } from '../scripts/lib/inline-loader.mjs';
import { expect, test, type Page } from './support/test.js';

type ListedMeal = { _id: string; title: string };

async function firstMeals(page: Page): Promise<ListedMeal[]> {
  const answer = await page.request.get('/api/meals?page=1&limit=6');
  return ((await answer.json()) as { meals: ListedMeal[] }).meals;
}

/** The pages, each with a text its data puts in the HTML, and its document title. */
async function renderedPages(page: Page): Promise<[string, string, string][]> {
  const meals = await firstMeals(page);
  const upcoming = ((await (await page.request.get('/api/upcoming-meals')).json()) as { items: ListedMeal[] }).items;
  return [
    ['/', (await (await page.request.get('/api/mealsByCategory')).json())[0].title as string, 'HostelHub'],
    ['/meals', meals[0]!.title, 'All Meals · HostelHub'],
    [`/meal/${meals[1]!._id}`, meals[1]!.title, `${meals[1]!.title} · HostelHub`],
    ['/upcoming-meals', upcoming[0]!.title, 'Upcoming Meals · HostelHub'],
    ['/menu', 'Today', 'Menu · HostelHub'],
    // One hall's week (ADR 72): the demo's North hall.
    ['/menu?hall=north', await northMealToday(page), 'Menu · HostelHub'],
  ];
}

type MenuAnswer = { days: { servings: { meal: { title: string } }[] }[] };

async function northMealToday(page: Page) {
  const menu = (await (await page.request.get('/api/menu?hall=north&days=1')).json()) as MenuAnswer;
  return menu.days[0]!.servings[0]!.meal.title;
}

/** The document title in a page's HTML, as the browser reads it. */
const htmlTitle = (html: string) => htmlText(/<title>([^<]*)<\/title>/.exec(html)?.[1]);

/** Text written into HTML (functions/src/features/pages/page-head.ts), as the browser reads it. */
function htmlText(text: string | undefined) {
  return text
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The text of the HTML's root element, as a browser without JavaScript would show it. */
const rootText = (html: string) =>
  /<div id="root">([\s\S]*)<\/div><script type="application\/json"/
    .exec(html)?.[1]!
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&') ?? '';

test('each page answers its HTML with its data, for the CDN to keep, under the site’s policy', async ({ page }) => {
  for (const [path, text, title] of await renderedPages(page)) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    const headers = answer.headers();
    expect(headers['content-type'], path).toMatch(/^text\/html/);
    expect(headers['cache-control'], path).toBe('public, max-age=30, s-maxage=300, stale-while-revalidate=600');
    expect(headers.vary, path).toMatch(/Authorization/);
    expect(headers.vary, path).toMatch(/Cookie/);
    // The page's one inline script, the loader, is allowed by the hash of its text (ADR 0061):
    // the page's data is JSON, never run, and nothing else inline runs. The policy's other hash
    // is the plain shell's (ADR 86).
    const scriptSources = /script-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '';
    expect(scriptSources, path).toMatch(/^'self' /);
    expect(scriptSources, path).not.toMatch(/unsafe-inline|nonce-/);
    const html = await answer.text();
    expect(html, path).toContain('<script type="application/json" id="server-data">');
    const inline = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline, path).toHaveLength(1);
    expect(scriptSources.split(' '), path).toContain(scriptHashSource(inline[0]![1]!));
    expect(rootText(html), path).toContain(text);
    expect(htmlTitle(html), path).toBe(title);
  }
  // The pages built ahead keep their own caching: the browser checks them each time.
  const login = await page.request.get('/login');
  expect(login.headers()['cache-control']).toBe('no-cache');
  expect(htmlTitle(await login.text())).toBe('Login · HostelHub');
});

test('the menu of one hall is drawn with that hall chosen and only its servings', async ({ page }) => {
  const html = await (await page.request.get('/menu?hall=north')).text();
  expect(html).toMatch(/<option value="north" selected="">North hall<\/option>/);
  // Every serving drawn is the North hall's: none names the Main hall.
  const data = JSON.parse(/<script type="application\/json" id="server-data">([^<]*)<\/script>/.exec(html)![1]!);
  const halls = JSON.stringify(data).match(/"hallId":"[^"]*"/g) ?? [];
  expect(halls.length).toBeGreaterThan(0);
  expect(new Set(halls)).toEqual(new Set(['"hallId":"north"']));
});

test('a meal’s page describes the meal for a shared link’s preview, the list pages do not', async ({ page }) => {
  const [, meal] = await firstMeals(page);
  const { description } = (await (await page.request.get(`/api/meal/${meal!._id}`)).json()) as { description: string };
  const head = await (await page.request.get(`/meal/${meal!._id}`)).text();
  const content = (key: string) =>
    htmlText(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head)?.[1]);
  // The demo's descriptions are short: whole, on one line.
  const shown = description.replace(/\s+/g, ' ').trim();
  expect(shown.length).toBeLessThanOrEqual(200);
  expect(content('og:title')).toBe(`${meal!.title} · HostelHub`);
  expect(content('og:description')).toBe(shown);
  expect(content('description')).toBe(shown);
  const list = await (await page.request.get('/meals')).text();
  expect(list).not.toContain('og:title');
});

test('a meal that does not exist is a real 404 page', async ({ page }) => {
  const answer = await page.request.get('/meal/no-such-meal');
  expect(answer.status()).toBe(404);
  const html = await answer.text();
  expect(html).toContain('Meal not found');
  expect(htmlTitle(html)).toBe('Meal not found · HostelHub');
  await page.goto('/meal/no-such-meal');
  await expect(page.getByRole('heading', { level: 1, name: 'Meal not found' })).toBeVisible();
  await expect(page).toHaveTitle('Meal not found · HostelHub');
});

test('the browser takes each page over as the server drew it, asking the API for none of its data', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Playwright's own word that it blocked the site's service worker (playwright.config.ts).
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const [path, text, title] of await renderedPages(page)) {
    const asked: string[] = [];
    const listener = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    };
    page.on('request', listener);
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    // Taken over: the page's buttons are live (the server's markup marks them inert until then).
    await expect(page.locator('[data-inert-until-live]')).toHaveCount(0);
    // Live, the page keeps the title its HTML came with.
    await expect(page, path).toHaveTitle(title);
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    expect(asked, `${path} asked the API for what its HTML carried`).toEqual([]);
    expect(problems, `${path} was drawn again or logged a problem`).toEqual([]);
  }
  // Live: the home page's tabs switch, the meals page's search asks the API.
  await page.goto('/meals');
  await page.getByRole('searchbox').first().fill('egg');
  await expect(page).toHaveURL(/search=egg/);
});

test('a search typed before the page went live is run once it is', async ({ page }) => {
  // The site's scripts held back: the visitor types into the server's markup meanwhile.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/meals');
  await page.getByRole('searchbox').first().fill('pancake');
  releaseScripts();
  await expect(page).toHaveURL(/search=pancake/);
  const titles = () => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
  await expect.poll(titles).toEqual(['Fluffy Pancake Stack']);
  await expect(page.getByRole('searchbox').first()).toHaveValue('pancake');
});

test('Enter in a search before the page is live searches through the server', async ({ page }) => {
  // The site's scripts never arrive: what the visitor sees is the browser's own form at work.
  await page.route('**/assets/index-*.js', () => {});
  const titles = () => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
  await page.goto('/meals?freeFrom=milk');
  await page.getByRole('searchbox').first().fill('pancake');
  await page.getByRole('searchbox').first().press('Enter');
  // The filter in force is kept: the pancakes hold milk, so nothing matches.
  await expect(page).toHaveURL(/\/meals\?search=pancake&.*freeFrom=milk/);
  await expect(page.getByText('No Meals Found')).toBeVisible();
  await page.goto('/meals');
  await page.getByRole('searchbox').first().fill('pancake');
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page).toHaveURL(/\/meals\?search=pancake/);
  await expect.poll(titles).toEqual(['Fluffy Pancake Stack']);
  await expect(page.getByRole('searchbox').first()).toHaveValue('pancake');
  // The home page's search goes to the meals page.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search for meals' }).fill('pancake');
  await page.getByRole('searchbox', { name: 'Search for meals' }).press('Enter');
  await expect(page).toHaveURL(/\/meals\?search=pancake$/);
  await expect.poll(titles).toEqual(['Fluffy Pancake Stack']);
});

test('a page whose picture never arrives still goes live', async ({ page }) => {
  // The site's scripts start at the window's load event, or after three seconds without it
  // (web/inline/load-site.js, ADR 0039): a stalled picture must not leave the page inert.
  const [, meal] = await firstMeals(page);
  await page.route('**/images/**', () => {});
  await page.goto(`/meal/${meal!._id}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: meal!.title })).toBeVisible();
  // Not live yet: the picture holds the load event, and the buttons are still marked inert.
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  await expect(page.locator('[data-inert-until-live]').first()).toBeAttached();
  await expect(page.locator('[data-inert-until-live]')).toHaveCount(0, { timeout: 10_000 });
});

/**
 * Every element's computed style, before and after the whole stylesheet applies, where the two
 * differ: the page's own rules (`style[data-page-rules]`, ADR 0043) must draw what it does.
 */
async function stylesTheWholeStylesheetChanges(): Promise<string[]> {
  // Two frames, each time: a section drawn with `content-visibility: auto` has its placeholder
  // height until a frame finds it on screen, which once happened between the two readings.
  const settled = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const drawn = () =>
    Array.from(document.querySelectorAll('body *')).map((element) => {
      const style = getComputedStyle(element);
      // What is drawn: the custom properties count through the properties that read them (a
      // registered one the page's rules never read is listed only under the whole stylesheet).
      return Array.from(style)
        .filter((name) => !name.startsWith('--'))
        .map((name) => `${name}: ${style.getPropertyValue(name)}`);
    });
  await settled();
  const before = drawn();
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
  if (!link) throw new Error('The page has no whole stylesheet to apply');
  return new Promise((resolve, reject) => {
    link.addEventListener('error', () => reject(new Error('The whole stylesheet did not load')));
    link.addEventListener('load', async () => {
      await settled();
      const elements = Array.from(document.querySelectorAll('body *'));
      resolve(
        drawn().flatMap((properties, index) => {
          const earlier = new Set(before[index]);
          const changed = properties.filter((property) => !earlier.has(property));
          const element = elements[index]!;
          return changed.length === 0
            ? []
            : [`<${element.tagName} class="${element.className}">: ${changed.join('; ')}`];
        }),
      );
    });
    link.disabled = false;
  });
}

test('each page carries the style rules its markup uses, and draws the same under the whole stylesheet', async ({
  page,
}) => {
  // Without its scripts the page stays as its HTML drew it, with only its own rules: each page
  // is answered without its inline loader (ADR 0061), which would apply the whole stylesheet.
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    const withoutLoader = html.replace(/<script data-entry="[^"]*" data-preload="[^"]*">[\s\S]*?<\/script>/, '');
    expect(withoutLoader, route.request().url()).not.toBe(html);
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    return route.fulfill({ status: response.status(), headers, body: withoutLoader });
  });
  const paths = [...(await renderedPages(page)).map(([path]) => path), '/login', '/faq'];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      const ownRules = await page.locator('style[data-page-rules]').textContent();
      const wholeStylesheet = await page.locator('link[rel="stylesheet"][disabled]').getAttribute('href');
      const whole = await (await page.request.get(wholeStylesheet!)).text();
      expect(ownRules!.length, `${path} carries only its own rules`).toBeLessThan(whole.length / 2);
      expect(await page.evaluate(stylesTheWholeStylesheetChanges), `${path} at ${viewport.width} px`).toEqual([]);
    }
  }
});

test('the whole stylesheet applies before the site’s scripts run', async ({ page }) => {
  // What the site draws after it runs (a menu, a dialog, a signed-in header) uses rules the
  // page's own did not carry.
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const added of records.flatMap((record) => Array.from(record.addedNodes))) {
        if (added instanceof HTMLScriptElement && added.type === 'module') {
          const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
          (window as { stylesheetAtStart?: number }).stylesheetAtStart = link?.sheet?.cssRules.length ?? 0;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  for (const path of [`/meal/${(await firstMeals(page))[0]!._id}`, '/login']) {
    await page.goto(path);
    await expect(page.locator('[data-inert-until-live]')).toHaveCount(0);
    const rulesAtStart = await page.evaluate(() => (window as { stylesheetAtStart?: number }).stylesheetAtStart);
    expect(rulesAtStart, path).toBeGreaterThan(0);
    expect(await page.locator('link[rel="stylesheet"]').evaluate((link: HTMLLinkElement) => link.disabled)).toBe(false);
  }
});
