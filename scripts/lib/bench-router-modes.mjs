// `npm run bench -- --router-modes` (ADR 70): the public pages as the site serves them (the
// public page table, `useRoutes`, `server-reads.ts`; web/src/prerender.tsx and start.tsx) beside
// React Router's data mode over the same table (createStaticHandler, route `lazy` and loaders,
// createBrowserRouter with hydration data and ScrollRestoration; web/src/bench/), in one run:
//
// - the server render of each page drawn per request, both renderers in this process reading
//   the same recorded API answers, interleaved, as medians and the ratio data mode / today;
// - each page taken over in Chromium (4x slower CPU): both served by one plain server here
//   with the same template, and the page's scriptless floor beside them as the reference, as
//   the bench's budgets do (ADR 48): when the page went live (its buttons no longer inert), the
//   blocking time until then, and every script loaded before that, gzipped;
// - the lines of code each way needs between the table and a page on screen.
/* global window, document, MutationObserver -- the code evaluated in the page */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createJiti } from 'jiti';
import { median, scriptlessFloor } from './bench-budgets.mjs';
import { chromePath } from './bench-pages.mjs';
import { chromiumFlags } from './chromium-flags.mjs';
import { buildEnvironment, emulatorConfig, root } from './emulators.mjs';

const web = join(root, 'web');
const site = join(root, 'functions', 'lib', 'site');
const dataEntry = 'src/bench/data-main.tsx';
const modes = ['today', 'data mode'];

/** The code each way needs between the public page table and a page on screen. */
const codeOf = {
  today: [
    'packages/contracts/src/public-pages.ts',
    'web/src/app/routes/public-routes.tsx',
    'web/src/app/lazy-page.tsx',
    'web/src/app/router.tsx',
    'web/src/app/scroll-position.ts',
    'web/src/app/server-reads.ts',
    'web/src/prerender.tsx',
    'web/src/start.tsx',
  ],
  'data mode': [
    'packages/contracts/src/public-pages.ts',
    'web/src/bench/data-routes.tsx',
    'web/src/app/server-reads.ts',
    'web/src/prerender.tsx',
    'web/src/bench/data-server.tsx',
    'web/src/bench/data-start.tsx',
  ],
};

/** Lines of code: neither blank nor only a comment. */
function codeLines(file) {
  return readFileSync(join(root, file), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*($|\/\/|\/\*|\*)/.test(line)).length;
}

/** Data mode's browser bundle and server renderer, built as the site is, into `directory`. */
async function buildDataMode(directory) {
  const { build } = await import('vite');
  Object.assign(process.env, buildEnvironment(emulatorConfig(Number(process.env.EMULATOR_PORT_OFFSET ?? 0)).emulators));
  const common = { root: web, configFile: join(web, 'vite.config.ts'), logLevel: 'error' };
  await build({
    ...common,
    build: { outDir: join(directory, 'dist'), emptyOutDir: true, rolldownOptions: { input: join(web, dataEntry) } },
  });
  await build({ ...common, build: { ssr: join(web, 'src/bench/data-server.tsx'), outDir: join(directory, 'server') } });
}

/** The chunk of `key` and every chunk it imports statically, in `manifest`. */
function chunksOf(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunksOf(manifest, imported, seen);
  return seen;
}

/**
 * A page's template for data mode: the site's own (web/scripts/prerender.mjs), its loader
 * starting data mode's entry and that entry's imports, its head preloading the page's chunk
 * and the chunk of its loader (the first reads), which data mode loads with the page.
 */
function dataModeTemplate(template, manifest, module) {
  const entry = manifest[dataEntry];
  const file = (key) => `/${manifest[key].file}`;
  const preloads = [...new Set((entry.dynamicImports ?? []).flatMap((key) => [...chunksOf(manifest, key)]))];
  const reads = Object.keys(manifest).find((key) => key.endsWith('src/app/server-reads.ts'));
  return template
    .replace(/data-entry="[^"]*"/, `data-entry="${file(dataEntry)}"`)
    .replace(/data-preload="[^"]*"/, `data-preload="${preloads.map(file).join(' ')}"`)
    .replace(
      /<link rel="modulepreload" crossorigin href="[^"]*">/,
      [module, ...(reads ? [reads] : [])]
        .map((key) => `<link rel="modulepreload" crossorigin href="${file(key)}">`)
        .join('\n    '),
    );
}

/** A transport that asks the API once per address and then answers from what it kept. */
function recordedApi(origin) {
  const kept = new Map();
  return async (url, init = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    if (!kept.has(key)) {
      const answer = await fetch(`${origin}${url}`, init);
      kept.set(key, { status: answer.status, headers: [...answer.headers], body: await answer.arrayBuffer() });
    }
    const { status, headers, body } = kept.get(key);
    return new Response(body.slice(0), { status, headers });
  };
}

const contentTypes = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

/**
 * A plain server of `pages` (path → its HTML, drawn per request as the `pages` function draws
 * it), files from `directories`, and /api from `api`.
 */
async function pageServer(pages, directories, api) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://bench.invalid');
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const send = (status, type, body) => {
      const compress = gzip && /text|javascript|json|svg/.test(type);
      res.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
      });
      res.end(compress ? gzipSync(body) : body);
    };
    if (url.pathname.startsWith('/api/')) {
      const answer = await fetch(`${api}${url.pathname}${url.search}`, { headers: { accept: 'application/json' } });
      return send(
        answer.status,
        answer.headers.get('content-type') ?? 'application/json',
        Buffer.from(await answer.arrayBuffer()),
      );
    }
    const page = pages.get(url.pathname);
    if (page) return send(200, 'text/html; charset=utf-8', await page());
    for (const directory of directories) {
      try {
        const body = readFileSync(join(directory, decodeURIComponent(url.pathname)));
        return send(200, contentTypes[extname(url.pathname)] ?? 'application/octet-stream', body);
      } catch {
        // Not in this directory.
      }
    }
    send(404, 'text/plain', 'Not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** One load of `url` in a fresh context at a 4x slower CPU: when it went live, and what it loaded. */
async function takeOver(browser, url, { live }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = [];
  const errors = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => {
    window.benchBlocking = 0;
    new PerformanceObserver((list) => {
      for (const task of list.getEntries())
        if (window.benchLiveAt === undefined) window.benchBlocking += Math.max(0, task.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
    new MutationObserver(() => {
      if (window.benchLiveAt === undefined && !document.querySelector('[data-inert-until-live]')) {
        window.benchLiveAt = performance.now();
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-inert-until-live'] });
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    if (live) await page.waitForFunction(() => window.benchLiveAt !== undefined, null, { timeout: 60_000 });
    const measured = await page.evaluate(() => ({
      load: performance.getEntriesByType('navigation')[0].loadEventEnd,
      live: window.benchLiveAt ?? null,
      blocking: window.benchBlocking,
    }));
    const bodies = await Promise.all(scripts.map((response) => response.body()));
    const kilobytes = bodies.reduce((total, body) => total + gzipSync(body).length, 0) / 1024;
    return { ...measured, kilobytes, errors };
  } finally {
    await context.close();
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;
const ratio = (data, today) => (data / today).toFixed(2);

/**
 * Prints the tables. `origin`: the site (Hosting), whose API the pages read; `mealId`: a meal
 * of the demo data; `serverRounds` and `clientRounds`: how many times each is measured.
 */
export async function routerModesTables(origin, mealId, { serverRounds = 40, clientRounds = 7 } = {}) {
  const { publicPageList } = await createJiti(import.meta.url).import('../../packages/contracts/src/public-pages.ts');
  const jiti = createJiti(import.meta.url);
  const { withPageHead } = await jiti.import('../../functions/src/features/pages/page-head.ts');
  const { withPageRules } = await jiti.import('../../functions/src/features/pages/page-rules.ts');
  const pages = publicPageList
    .filter((page) => page.drawn === 'per-request')
    .map((page) => ({ ...page, url: page.path.replace(':mealId', mealId) }));

  const directory = mkdtempSync(join(tmpdir(), 'hostelhub-router-modes-'));
  try {
    console.log('\nBuilding React Router data mode’s bundles (web/src/bench/)');
    await buildDataMode(directory);
    const renderers = {
      today: await import(pathToFileURL(join(site, 'prerender.js')).href),
      'data mode': await import(pathToFileURL(join(directory, 'server', 'data-server.js')).href),
    };
    const api = recordedApi(origin);

    // The server render, both ways reading the same recorded answers.
    const rendered = { today: new Map(), 'data mode': new Map() };
    for (const page of pages) {
      for (const mode of modes) {
        const result = await renderers[mode].renderPage(new URL(page.url, 'http://hostelhub.invalid'), api);
        if (result.status !== 200 || result.data === null) throw new Error(`${mode} did not render ${page.url}`);
        rendered[mode].set(page.name, result);
      }
    }
    const times = Object.fromEntries(pages.map((page) => [page.name, { today: [], 'data mode': [] }]));
    for (let round = 0; round < serverRounds; round += 1) {
      for (const page of pages) {
        for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
          const started = performance.now();
          await renderers[mode].renderPage(new URL(page.url, 'http://hostelhub.invalid'), api);
          times[page.name][mode].push(performance.now() - started);
        }
      }
    }
    console.log(`\nServer render per page, the same recorded API answers, medians of ${serverRounds} (interleaved)`);
    console.table(
      pages.map((page) => {
        const today = median(times[page.name].today);
        const data = median(times[page.name]['data mode']);
        return {
          page: page.path,
          today: ms(today),
          'data mode': ms(data),
          'data / today': ratio(data, today),
          'markup KB today': (rendered.today.get(page.name).markup.length / 1024).toFixed(1),
          'markup KB data': (rendered['data mode'].get(page.name).markup.length / 1024).toFixed(1),
        };
      }),
    );

    // The take-over in Chromium, each way served the same way, beside the scriptless floor.
    const outline = JSON.parse(readFileSync(join(site, 'stylesheet.json'), 'utf8'));
    const dataManifest = JSON.parse(readFileSync(join(directory, 'dist', '.vite', 'manifest.json'), 'utf8'));
    const html = (template, result) =>
      withPageRules(
        withPageHead(template, result.head).replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${result.markup}</div><script type="application/json" id="${renderers.today.serverDataElementId}">${result.data}</script>`,
        ),
        outline,
      );
    const served = { today: new Map(), 'data mode': new Map(), floor: new Map() };
    for (const page of pages) {
      const template = readFileSync(join(site, 'templates', `${page.name}.html`), 'utf8');
      const templates = { today: template, 'data mode': dataModeTemplate(template, dataManifest, page.module) };
      // Drawn per request, so the answers a page carries are as fresh as the `pages` function's.
      const draw = (mode) => async () =>
        html(templates[mode], await renderers[mode].renderPage(new URL(page.url, 'http://hostelhub.invalid'), api));
      served.today.set(page.url, draw('today'));
      served['data mode'].set(page.url, draw('data mode'));
      const floor = scriptlessFloor(html(template, rendered.today.get(page.name)));
      served.floor.set(page.url, async () => floor);
    }
    const servers = {
      today: await pageServer(served.today, [join(web, 'dist')], origin),
      'data mode': await pageServer(served['data mode'], [join(directory, 'dist'), join(web, 'dist')], origin),
      floor: await pageServer(served.floor, [join(web, 'dist')], origin),
    };
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({ executablePath: chromePath, args: chromiumFlags });
    const kinds = ['floor', ...modes];
    const runs = Object.fromEntries(pages.map((page) => [page.name, { floor: [], today: [], 'data mode': [] }]));
    try {
      for (let round = 0; round < clientRounds; round += 1) {
        for (const page of pages) {
          // Each kind first, second and last in turn, so a busier moment weighs on all alike.
          for (const kind of kinds.map((_, index) => kinds[(index + round) % kinds.length])) {
            const run = await takeOver(browser, `${servers[kind].origin}${page.url}`, { live: kind !== 'floor' });
            if (run.errors.length > 0) console.warn(`${kind} ${page.url}: ${run.errors.join('; ')}`);
            runs[page.name][kind].push(run);
          }
        }
      }
    } finally {
      await browser.close();
      for (const server of Object.values(servers)) server.close();
    }
    console.log(
      `\nTaking the page over in Chromium at a 4x slower CPU, medians of ${clientRounds}: when it went live ` +
        '(since navigation), over its scriptless floor’s load; blocking time until then; scripts loaded, gzip',
    );
    console.table(
      pages.map((page) => {
        const of = (kind, key) => median(runs[page.name][kind].map((run) => run[key]));
        const floor = of('floor', 'load');
        return {
          page: page.path,
          'floor load': ms(floor),
          'live today': ms(of('today', 'live')),
          'live data': ms(of('data mode', 'live')),
          'today / floor': (of('today', 'live') / floor).toFixed(2),
          'data / floor': (of('data mode', 'live') / floor).toFixed(2),
          'live data / today': ratio(of('data mode', 'live'), of('today', 'live')),
          'blocking today': ms(of('today', 'blocking')),
          'blocking data': ms(of('data mode', 'blocking')),
          'JS KB today': of('today', 'kilobytes').toFixed(1),
          'JS KB data': of('data mode', 'kilobytes').toFixed(1),
        };
      }),
    );

    const reads = Object.keys(dataManifest).find((key) => key.endsWith('src/app/server-reads.ts'));
    if (reads) {
      const chunk = readFileSync(join(directory, 'dist', dataManifest[reads].file));
      console.log(
        `Of data mode's scripts, the loaders' chunk (web/src/app/server-reads.ts and what only it imports): ` +
          `${(gzipSync(chunk).length / 1024).toFixed(1)} KB gzip`,
      );
    }

    console.log('\nLines of code from the table to a page on screen (neither blank nor only a comment)');
    const counted = Object.fromEntries(
      modes.map((mode) => [mode, codeOf[mode].map((file) => [file, codeLines(file)])]),
    );
    console.table(
      modes.flatMap((mode) => [
        ...counted[mode].map(([file, lines]) => ({ way: mode, file, lines })),
        { way: mode, file: 'total', lines: counted[mode].reduce((total, [, lines]) => total + lines, 0) },
      ]),
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
