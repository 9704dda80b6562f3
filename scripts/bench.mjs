// `npm run bench`: how fast the site and the API are, in one table. Not a test: numbers vary
// with the machine, so read them against docs/performance.md. It checks the budgets at the end
// (the home route's JavaScript, no Firestore, reactfire or Stripe in a public page's first
// scripts, the Lighthouse targets, what our API code adds to a query) and exits non-zero when
// one is exceeded, so a change that breaks one is seen.
//
//   npm run bench                         builds, starts the emulators with the demo data, measures
//   EMULATOR_PORT_OFFSET=1100 npm run bench   the same on shifted ports, or against a running
//                                         `npm start` on those ports (it is used as it is)
//   npm run bench -- --rush               only the lunch rush table (no Lighthouse)
//   npm run bench -- --rush-start         only the rush through the site (Hosting and the
//                                         Functions emulator), each member repeating as the site does
//
// It prints: Lighthouse (mobile preset, median of three runs) performance, accessibility,
// LCP and TBT for the public pages, and the machine they ran on (its processor and Lighthouse's
// benchmark index); the home route's initial JavaScript, gzipped; the public first-bundle
// check (no public page's first scripts hold Firestore, reactfire or Stripe);
// p50/p95 of GET /api/meals through Hosting, through the built `api` handler served from a
// plain Node server in this process (no Functions emulator in between), and a bare Admin SDK
// query of the same page, at 1, 5 and 20 concurrent clients; and the Firestore documents a page
// of /api/meals reads.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, get } from 'node:http';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  apiBudget,
  exceeded,
  interleaved,
  median,
  medians,
  pageBudgets,
  pageRow,
  scriptlessFloor,
} from './lib/bench-budgets.mjs';
import { chromiumFlags } from './lib/chromium-flags.mjs';
import { rushTable, rushThroughSite } from './lib/rush-bench.mjs';
import { apiAnswers, runOnEmulators } from './lib/emulator-run.mjs';
import {
  emulatorConfig,
  emulatorEnvironment,
  notConfigured,
  prepareEmulators,
  projectId,
  root,
} from './lib/emulators.mjs';

const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
const inside = process.argv.includes('--inside');
const rushOnly = process.argv.includes('--rush');
const rushStartOnly = process.argv.includes('--rush-start');
const insideArgs = ['--inside', ...(rushOnly ? ['--rush'] : []), ...(rushStartOnly ? ['--rush-start'] : [])];

if (!inside) {
  prepareEmulators();
  const running = emulatorEnvironment(emulatorConfig(offset).emulators);
  if (await apiAnswers(running.HOSTING_URL)) {
    console.log(`Measuring the suite already running at ${running.HOSTING_URL}.`);
    const env = { ...process.env, ...running };
    process.exit(spawnSync(process.execPath, [process.argv[1], ...insideArgs], { stdio: 'inherit', env }).status ?? 1);
  }
  // Throw-away secrets (ADR 8): a fresh clone has no functions/.secret.local, and a demo's is
  // left alone. The bench needs no Stripe.
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    PASS_SECRET: randomBytes(32).toString('hex'),
    MAIL_LINK_SECRET: randomBytes(32).toString('hex'),
    STRIPE_SECRET_KEY: notConfigured,
    STRIPE_WEBHOOK_SECRET: notConfigured,
  };
  process.exit(await runOnEmulators(`node scripts/bench.mjs ${insideArgs.join(' ')}`, { secrets }));
}

// ---- inside a running suite -------------------------------------------------------------

const { getApps, initializeApp } = await import('firebase-admin/app');
const { getFirestore } = await import('firebase-admin/firestore');
const { seedIfEmpty } = await import('./lib/seed.mjs');

const site = process.env.HOSTING_URL;
if (getApps().length === 0) initializeApp({ projectId });
const db = getFirestore();
await seedIfEmpty();

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${Math.round(value)} ms`;

const anyMeal = (await (await fetch(`${site}/api/meals?limit=1`)).json()).meals[0]._id;
/** The pages Lighthouse measures; the public first-bundle check covers /register too. */
const allLighthousePaths = ['/', '/meals', `/meal/${anyMeal}`, '/upcoming-meals', '/menu', '/login'];
const publicPaths = [...allLighthousePaths, '/register'];
// BENCH_PAGES=/,/menu measures only those pages (while working on one), and BENCH_PAGES_ONLY=1
// leaves out the API's tables: a full run is long and takes the machine's processor.
const onlyPages = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
const lighthousePaths = onlyPages.length
  ? allLighthousePaths.filter((path) => onlyPages.includes(path.startsWith('/meal/') ? '/meal/{id}' : path))
  : allLighthousePaths;
const pagesOnly = Boolean(process.env.BENCH_PAGES_ONLY);
/** Lighthouse runs of each page and of its floor. */
const lighthouseRounds = 3;

// ---- Lighthouse ---------------------------------------------------------------------------

// The same system Chromium and flags as the e2e suite (e2e/playwright.config.ts).
const chromePath =
  process.env.CHROMIUM_PATH ?? spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).stdout.trim();

/**
 * Lighthouse's benchmark index of every run (its own measure of the machine's speed, taken as
 * each run starts): the same code scores lower on a slower machine, so a reader of two runs can
 * tell a slower machine from a regression.
 */
const benchmarkIndexes = [];

/** One Lighthouse run of `url`: its scores, or null when Lighthouse could not measure it. */
async function lighthouseRun(lighthouse, chromeLauncher, url) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumFlags });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (lhr.runtimeError || lhr.audits['cumulative-layout-shift'].numericValue === undefined) {
      console.warn(`Lighthouse could not measure ${url}: ${lhr.runtimeError?.message ?? 'no paint'}`);
      return null;
    }
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      // Where the blocking time goes: the run's tasks over 50 ms (simulated), longest first.
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
        .map((task) => `${Math.round(task.duration)} ms ${task.url ?? ''}`.trim())
        .slice(0, 5),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Each page beside its scriptless floor (scripts/lib/bench-budgets.mjs): the page's own first
 * HTML with every script removed, written beside the site's files in web/dist, so Hosting
 * serves it as it serves the site's (same origin, compression and pictures). The page and its
 * floor take turns, three rounds, and each gets the median of its runs.
 */
async function lighthouseTable() {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const floorDirectory = join(root, 'web', 'dist', 'bench-floor');
  mkdirSync(floorDirectory, { recursive: true });
  const rows = [];
  try {
    for (const path of lighthousePaths) {
      const name = path.startsWith('/meal/') ? '/meal/{id}' : path;
      const floorFile = `${name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home'}.html`;
      const html = await (await fetch(`${site}${path}`)).text();
      writeFileSync(join(floorDirectory, floorFile), scriptlessFloor(html));
      const urls = { page: `${site}${path}`, floor: `${site}/bench-floor/${floorFile}` };
      const runs = { page: [], floor: [] };
      // A run Lighthouse could not complete (the page did not paint in its time on a busy
      // machine) is said and run again, twice at most per kind, rather than counted.
      for (const kind of [...interleaved(lighthouseRounds), ...interleaved(2)]) {
        if (runs[kind].length >= lighthouseRounds) continue;
        const run = await lighthouseRun(lighthouse, chromeLauncher, urls[kind]);
        if (run) runs[kind].push(run);
        if (run && kind === 'page' && process.env.BENCH_LONG_TASKS) {
          console.log(`${name} TBT ${Math.round(run.tbt)} ms; long tasks: ${run.longTasks.join(', ') || 'none'}`);
        }
      }
      for (const kind of ['page', 'floor']) {
        if (runs[kind].length < lighthouseRounds) {
          throw new Error(`Lighthouse measured ${urls[kind]} only ${runs[kind].length} times`);
        }
      }
      rows.push({ page: name, site: medians(runs.page), floor: medians(runs.floor) });
    }
  } finally {
    rmSync(floorDirectory, { recursive: true, force: true });
  }
  return rows;
}

// ---- the public pages' first JavaScript -----------------------------------------------------

/** The packages Firestore, reactfire and Stripe ship as; none may be in a public page's first scripts. */
const signedInOnlyPackages = /^(@firebase\/firestore|firebase\/firestore|reactfire|@stripe\/.*)$/;

/** The packages each built chunk holds (web/vite.config.ts writes it), by file name. */
function chunkPackages() {
  const file = join(root, 'web', 'dist', '.vite', 'chunk-modules.json');
  if (!existsSync(file)) throw new Error('web/dist/.vite/chunk-modules.json is missing: build the site first');
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Every script a page loads before it is idle, for a visitor: gzipped here (production Hosting
 * compresses; so does the Hosting emulator, for browsers that ask), and which packages they
 * hold. Two checks: the home route's size, and the "public first bundle" check: no public
 * page's first scripts carry Firestore, reactfire or Stripe, which only signed-in pages load.
 */
async function firstJavaScript(chromePath, paths) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromiumFlags,
  });
  const packagesOf = chunkPackages();
  try {
    const pages = [];
    for (const path of paths) {
      const page = await browser.newPage();
      const scripts = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script' && response.url().startsWith(site)) scripts.push(response);
      });
      await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
      const bodies = await Promise.all(scripts.map((response) => response.body()));
      const text = bodies.map((body) => body.toString('utf8')).join('\n');
      const packages = scripts.flatMap((response) => packagesOf[new URL(response.url()).pathname.slice(1)] ?? []);
      const forbidden = new Set(packages.filter((name) => signedInOnlyPackages.test(name)));
      // The code's own traces too, in case a chunk was not in the list (a stale build).
      if (/firestore\.googleapis\.com|google\.firestore\.v1/.test(text)) forbidden.add('Firestore (by its code)');
      if (/js\.stripe\.com/.test(text)) forbidden.add('Stripe.js (by its code)');
      pages.push({
        path,
        files: bodies.length,
        kilobytes: bodies.reduce((total, body) => total + gzipSync(body).length, 0) / 1024,
        forbidden: [...forbidden],
      });
      await page.close();
    }
    return pages;
  } finally {
    await browser.close();
  }
}

// ---- API latency against a bare query ------------------------------------------------------

/**
 * The times of `requests` calls of `once(client)` with `clients` callers at a time. The
 * Functions emulator starts a worker per concurrent request, so each level is warmed with the
 * same concurrency first; failed calls (the emulator answers 504 when a cold worker is too
 * slow) are counted, not timed.
 */
async function timings(once, clients, requests) {
  const attempt = async (client) => {
    const started = performance.now();
    try {
      await once(client);
      return performance.now() - started;
    } catch {
      return null;
    }
  };
  const callers = (run) => Promise.all(Array.from({ length: clients }, (_, client) => run(client)));
  for (let round = 0; round < 2; round++) await callers(attempt);
  const times = [];
  let failed = 0;
  let started = 0;
  await callers(async (client) => {
    while (started < requests) {
      started += 1;
      const time = await attempt(client);
      if (time === null) failed += 1;
      else times.push(time);
    }
  });
  return { times, failed };
}

const summary = ({ times, failed }) => ({ p50: percentile(times, 50), p95: percentile(times, 95), failed });

/**
 * The built `api` function's handler (functions/lib/index.js), served by a plain Node server in
 * this process against the same Firestore emulator: the API's own cost, without the Functions
 * emulator's worker per concurrent request in between.
 */
async function startPlainApi() {
  // The API signs its list cursors; measuring against a running `npm start`, this process
  // has no key of its own, and a throw-away one signs them as well.
  process.env.JWT_SECRET ||= randomBytes(32).toString('hex');
  const { api } = createRequire(import.meta.url)(join(root, 'functions', 'lib', 'index.js'));
  const server = createServer(api);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/**
 * The least an answer of the same page over HTTP costs in this process: `read` (the bare
 * query) behind a bare node:http handler, its page as JSON without the search tokens the
 * API leaves out, and nothing else (no routing, rate limit, validation or headers of ours).
 * Beside the plain server it shows how much of the ratio is HTTP itself and how much is the
 * API's code.
 */
async function startHttpFloor(read, pageSize) {
  const server = createServer((_request, response) => {
    read().then(
      (meals) => {
        const page = meals.slice(0, pageSize).map(({ searchTokens: _tokens, ...meal }) => meal);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ meals: page }));
      },
      () => {
        response.writeHead(500).end();
      },
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

// One kept-alive connection per client, as a browser or the CDN holds them; node:http rather
// than fetch, whose own streams cost more CPU in this process than the API's routing does.
const keptAlive = new Agent({ keepAlive: true });

/** GET `url` as a visitor at `address` would (Google's front end names it in X-Forwarded-For). */
const getJson = (url, address) =>
  new Promise((resolve, reject) => {
    const headers = { 'x-forwarded-for': address };
    get(url, { agent: keptAlive, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode}`));
        else resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
      response.on('error', reject);
    }).on('error', reject);
  });

/** The built handler's and the bare query's p50 at 20 clients, where the API's budget is. */
let apiAtTwenty = null;

async function apiTable() {
  const pageSize = 6;
  // Each client is a visitor of its own, so the rate limit on anonymous reads (per address)
  // counts them as production would, not as one address making every call.
  const fetchPage = (origin) => (client) =>
    getJson(`${origin}/api/meals?limit=${pageSize}`, `198.51.100.${client + 1}`);
  // The query the API runs for the first page, read directly with the Admin SDK, its
  // documents' data read as the API reads them to answer.
  const bare = async () => {
    const snapshot = await db
      .collection('meals')
      .orderBy('postTime', 'desc')
      .orderBy('__name__')
      .limit(pageSize + 1)
      .get();
    return snapshot.docs.map((document) => document.data());
  };
  const plainApi = await startPlainApi();
  const floor = await startHttpFloor(bare, pageSize);
  const rows = [];
  try {
    for (const clients of [1, 5, 20]) {
      const requests = clients * 10;
      const api = summary(await timings(fetchPage(site), clients, requests));
      // The plain server, the HTTP floor and the bare query take turns, six rounds each, so a
      // moment when the machine is busier weighs on all alike (with three, the ratio at 20
      // clients moved by 0.2 between runs on two cores, mostly with the bare query's own p50).
      const plainTimes = [];
      const floorTimes = [];
      const bareTimes = [];
      for (let round = 0; round < 6; round++) {
        plainTimes.push(...(await timings(fetchPage(plainApi.origin), clients, requests)).times);
        floorTimes.push(...(await timings(fetchPage(floor.origin), clients, requests)).times);
        bareTimes.push(...(await timings(bare, clients, requests)).times);
      }
      const plain = summary({ times: plainTimes, failed: 0 });
      const httpFloor = summary({ times: floorTimes, failed: 0 });
      const direct = summary({ times: bareTimes, failed: 0 });
      if (clients === 20) apiAtTwenty = { plain: plain.p50, bare: direct.p50 };
      rows.push({
        clients,
        'Hosting p50': ms(api.p50),
        'Hosting p95': ms(api.p95),
        'Hosting failed': api.failed,
        'plain Node p50': ms(plain.p50),
        'plain Node p95': ms(plain.p95),
        'bare p50': ms(direct.p50),
        'bare p95': ms(direct.p95),
        'plain / bare p50': (plain.p50 / direct.p50).toFixed(2),
        'HTTP floor p50': ms(httpFloor.p50),
        'floor / bare p50': (httpFloor.p50 / direct.p50).toFixed(2),
      });
    }
  } finally {
    plainApi.close();
    floor.close();
  }
  return rows;
}

/** GET /api/menu (a week: servings by range, closed days, meals) beside GET /api/meals. */
async function menuTable() {
  const endpoints = { 'GET /api/meals?limit=6': '/api/meals?limit=6', 'GET /api/menu (7 days)': '/api/menu' };
  const rows = [];
  for (const [name, path] of Object.entries(endpoints)) {
    const call = (client) => getJson(`${site}${path}`, `198.51.100.${client + 1}`);
    for (const clients of [1, 5]) {
      const timing = summary(await timings(call, clients, clients * 10));
      rows.push({ endpoint: name, clients, p50: ms(timing.p50), p95: ms(timing.p95), failed: timing.failed });
    }
  }
  return rows;
}

/**
 * The first page of /api/meals with and without label filters: what it returned, what it
 * read (the matching documents the index yields, one more for the next-page check, and the
 * count), and its warm latency. A filter reads no document it does not return.
 */
async function filteredReadsTable() {
  const queries = {
    'no filter': '',
    'diet=vegan': 'diet=vegan',
    'freeFrom=milk,peanuts': 'freeFrom=milk%2Cpeanuts',
    'diet=vegetarian&freeFrom=gluten&category=Lunch': 'diet=vegetarian&freeFrom=gluten&category=Lunch',
  };
  const rows = [];
  for (const [name, query] of Object.entries(queries)) {
    const path = `/api/meals?limit=6${query ? `&${query}` : ''}`;
    const first = await (await fetch(`${site}${path}`)).json();
    const timing = summary(await timings(() => getJson(`${site}${path}`, '198.51.100.1'), 1, 10));
    const returned = first.meals.length;
    rows.push({
      filter: name,
      returned,
      total: first.total,
      'documents read': returned + (first.nextCursor ? 1 : 0) + 1,
      p50: ms(timing.p50),
    });
  }
  return rows;
}

/**
 * Documents one page of GET /api/meals reads (the emulator keeps no read counts, so they are
 * counted from what the API asks for): `limit + 1` documents (one more, to know whether a next
 * page exists), the cursor's own document from page 2 on, and the count aggregation, billed
 * as one read per 1,000 index entries (so 1 here).
 */
function readsTable() {
  const pageSize = 6;
  const page = (number) => ({
    page: number,
    'by cursor': pageSize + 1 + (number > 1 ? 1 : 0) + 1,
    'by offset (page=)': number * pageSize <= 120 ? (number - 1) * pageSize + pageSize + 1 + 1 : 'refused (400)',
  });
  return [page(1), page(10), page(21)];
}

const budgets = [];
/** A budget: checked, printed, and counted against the exit code when exceeded. */
function budget(name, holds, measured) {
  budgets.push({ budget: name, measured, holds });
}

/**
 * The lunch rush (ADR 0047): 60 members for 40 places and a whole hostel's dinner, 200 for 150,
 * at once through the built handler in this process; exact counts and every answer within 3 s.
 */
async function rushBudgets() {
  const plain = await startPlainApi();
  try {
    console.log(
      '\nA lunch rush: members reserving one serving at once, through the api handler on a plain Node server',
    );
    const rows = await rushTable(db, plain.origin, [
      { members: 60, places: 40 },
      { members: 200, places: 150 },
    ]);
    console.table(rows.map(({ maxMs: _max, ...row }) => row));
    for (const row of rows) {
      budget(`rush ${row.rush}: exact answers and count`, row.exact, row.answers);
      budget(`rush ${row.rush}: every answer within 3 s`, row.maxMs <= 3000, row.max);
    }
  } finally {
    plain.close();
  }
}

/**
 * The rush through the site (ADR 0053): 60 members for 40 places through Hosting and the
 * Functions emulator, each repeating after a 5xx as the site does. Every member must end told
 * the truth (40 with a place, 20 full) and no first answer may be our own contention 503.
 */
async function rushStartBudgets() {
  console.log('\nA lunch rush through the site: 60 members for 40 places, each repeating after a 5xx as the site does');
  const row = await rushThroughSite(db, site, { members: 60, places: 40 });
  console.table([row]);
  budget('rush through the site: every member told the truth, exact count', row.exact, row['final answers']);
  budget(
    'rush through the site: no first answer is a contention 503',
    !row['first answers'].includes('503 (contention)'),
    row['first answers'],
  );
}

if (rushStartOnly) {
  await rushStartBudgets();
  console.log('\nBudgets');
  console.table(budgets.map((entry) => ({ ...entry, holds: entry.holds ? 'yes' : 'NO' })));
  process.exit(exceeded(budgets).length > 0 ? 1 : 0);
}

if (rushOnly) {
  await rushBudgets();
  console.log('\nBudgets');
  console.table(budgets.map((entry) => ({ ...entry, holds: entry.holds ? 'yes' : 'NO' })));
  const missed = exceeded(budgets);
  if (missed.length > 0) console.error(`${missed.length} budget(s) exceeded`);
  process.exit(missed.length > 0 ? 1 : 0);
}

console.log(
  `\nLighthouse, mobile preset: each page and its scriptless floor, interleaved, medians of ${lighthouseRounds}`,
);
const lighthouseRows = await lighthouseTable();
console.table(lighthouseRows.map((row) => pageRow(row.page, row.site, row.floor)));
const [processor] = cpus();
console.log(
  // Some virtual machines report no clock speed (0).
  `Machine: ${processor.model.trim()}, ${cpus().length} cores${processor.speed ? ` at ${processor.speed} MHz` : ''}; ` +
    `Lighthouse benchmark index ${Math.round(median(benchmarkIndexes))} ` +
    `(median of ${benchmarkIndexes.length} runs, ${Math.round(Math.min(...benchmarkIndexes))}-${Math.round(Math.max(...benchmarkIndexes))})`,
);
for (const row of lighthouseRows) budgets.push(...pageBudgets(row.page, row.site, row.floor));
const firstScripts = await firstJavaScript(chromePath, publicPaths);
console.log('\nFirst-load JavaScript per public page, gzip (every script loaded before the page is idle)');
console.table(
  firstScripts.map((entry) => ({ page: entry.path, files: entry.files, KB: Number(entry.kilobytes.toFixed(1)) })),
);
const home = firstScripts.find((entry) => entry.path === '/');
budget('home route initial JS ≤ 120 KB gzip', home.kilobytes <= 120, `${home.kilobytes.toFixed(1)} KB`);
const offenders = firstScripts.filter((entry) => entry.forbidden.length > 0);
console.log(
  `Public first bundle free of Firestore, reactfire and Stripe (${firstScripts.map((entry) => entry.path).join(', ')}): ` +
    (offenders.length === 0
      ? 'yes'
      : `NO: ${offenders.map((entry) => `${entry.path} loads ${entry.forbidden.join(', ')}`).join('; ')}`),
);
budget(
  'no Firestore, reactfire or Stripe in a public first bundle',
  offenders.length === 0,
  offenders.map((entry) => entry.path).join(', ') || 'none',
);
if (!pagesOnly) {
  console.log(
    '\nGET /api/meals?limit=6 through Hosting, through the api handler on a plain Node server, and the same query with the Admin SDK (warm)',
  );
  const apiRows = await apiTable();
  console.table(apiRows);
  budgets.push(apiBudget(apiAtTwenty.plain, apiAtTwenty.bare));
  console.log('\nGET /api/menu beside GET /api/meals through Hosting (warm; a week of the demo menu: 3 round trips)');
  console.table(await menuTable());
  console.log('\nFirestore documents read for one page of 6 (counted)');
  console.table(readsTable());

  console.log('\nA filtered page beside the unfiltered one (ADR 32: label filters are equality filters on an index)');
  console.table(await filteredReadsTable());
}

console.log('\nBudgets');
console.table(budgets.map((entry) => ({ ...entry, holds: entry.holds ? 'yes' : 'NO' })));
const missed = exceeded(budgets);
if (missed.length > 0) {
  console.error(`${missed.length} budget(s) exceeded: ${missed.map((entry) => entry.budget).join('; ')}`);
  process.exitCode = 1;
} else {
  console.log('Every budget holds.');
}
