// The bench's page measurements (scripts/bench.mjs): each public page beside its scriptless
// floor under Lighthouse, and the scripts each public page loads before it is idle.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { cpuMultiplier, interleaved, medians, scriptlessFloor } from './bench-budgets.mjs';
import { browserFetchUrls, withoutBrowserFetches } from './bench-browser-fetches.mjs';
import { withTasksAsWorked } from './bench-cpu-time.mjs';
import { addressBarPopupFeatures, chromiumFlags, disablingFeatures } from './chromium-flags.mjs';
import { root } from './emulators.mjs';

// The same system Chromium and flags as the e2e suite (e2e/playwright.config.ts).
export const chromePath =
  process.env.CHROMIUM_PATH ?? spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).stdout.trim();

/**
 * Lighthouse's benchmark index of every run (its own measure of the machine's speed, taken as
 * each run starts): the same code scores lower on a slower machine, so a reader of two runs can
 * tell a slower machine from a regression.
 */
export const benchmarkIndexes = [];

/** The CPU slowdown of every run: its benchmark index over the reference phone's (ADR 80). */
export const multipliers = [];

/** What Lighthouse's simulated metrics are computed from, for one audited run. */
function lanternData(lhr, artifacts) {
  return {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    simulator: null,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
  };
}

/**
 * The run's TBT as Lighthouse counts it, each task's wall time slowed (ADR 89): printed
 * beside the budget's, so a reader sees how much of it was this host's contention.
 */
async function wallTimeTbt(lhr, artifacts) {
  const { LanternTotalBlockingTime } = await import('lighthouse/core/computed/metrics/lantern-total-blocking-time.js');
  const { timing } = await LanternTotalBlockingTime.request(lanternData(lhr, artifacts), { computedCache: new Map() });
  return timing;
}

/**
 * What Lighthouse's simulated LCP waited for in one run (BENCH_LCP_PATH=1): the requests in its
 * optimistic graph, each with the time it ends, and when the main thread's part of the graph
 * ends. Lighthouse estimates the LCP from the run's own dependency graph, cut at the largest
 * paint it observed: a request that ended and ran before that paint (a script, a high-priority
 * picture) is on the path even if the real browser painted without it.
 */
async function lcpPath(lhr, artifacts) {
  const { LanternLargestContentfulPaint } =
    await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');
  const { optimisticEstimate } = await LanternLargestContentfulPaint.request(lanternData(lhr, artifacts), {
    computedCache: new Map(),
  });
  const timings = [...optimisticEstimate.nodeTimings];
  const requests = timings
    .filter(([node]) => node.type === 'network')
    .map(
      ([node, timing]) =>
        `${new URL(node.request.url).pathname} (${node.request.priority}) ${Math.round(timing.endTime)} ms`,
    );
  const mainThread = Math.max(...timings.filter(([node]) => node.type === 'cpu').map(([, timing]) => timing.endTime));
  return `${requests.join(', ')}; main thread ${Math.round(mainThread)} ms`;
}

/** The icons the site's manifest at `href` names: read from the build Hosting serves. */
function manifestIcons(href) {
  const file = join(root, 'web', 'dist', new URL(href).pathname);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')).icons ?? []).map((icon) => icon.src);
}

/** A fresh Chromium for one Lighthouse run: Lighthouse's own flags and ours, without the address bar's popup. */
function launchChromium(chromeLauncher) {
  const flags = [...chromeLauncher.Launcher.defaultFlags(), ...chromiumFlags];
  return chromeLauncher.launch({
    chromePath,
    ignoreDefaultFlags: true,
    chromeFlags: disablingFeatures(flags, addressBarPopupFeatures),
  });
}

/**
 * One Lighthouse run of `url`: its scores, or null when Lighthouse could not measure it.
 *
 * The CPU slowdown is calibrated to the reference phone (ADR 80): Lighthouse gathers the page
 * unthrottled and measures the host's benchmark index as it starts, then the simulation slows
 * the recorded main-thread work by the multiplier. The run is gathered first, and audited with
 * that run's own index divided by the reference phone's, so a host that speeds up or slows down
 * within a bench run still emulates the same phone. `options.disableStorageReset` keeps the
 * profile's storage (a signed-in, repeat visit).
 */
export async function lighthouseRun(lighthouse, chromeLauncher, url, options = {}) {
  const chrome = options.chrome ?? (await launchChromium(chromeLauncher));
  const gathered = mkdtempSync(join(tmpdir(), 'hostelhub-lighthouse-'));
  const flags = {
    port: chrome.port,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: Boolean(options.disableStorageReset),
  };
  try {
    await lighthouse(url, { ...flags, gatherMode: gathered });
    const artifactsFile = join(gathered, 'artifacts.json');
    const saved = JSON.parse(readFileSync(artifactsFile, 'utf8'));
    const multiplier = cpuMultiplier(saved.BenchmarkIndex);
    // Lighthouse audits only artifacts gathered with the same settings; the multiplier is used
    // by the simulation alone (nothing is throttled while gathering), so it is set on both.
    saved.settings.throttling.cpuSlowdownMultiplier = multiplier;
    writeFileSync(artifactsFile, JSON.stringify(saved));
    // Where the bench's simulation departs from Lighthouse's (ADR 89): the browser's own requests
    // left out, and the page's work slowed, not the host's waiting.
    // A run that failed to load keeps its log under another name, and is audited as it was.
    const logFile = join(gathered, 'defaultPass.devtoolslog.json');
    if (existsSync(logFile)) {
      const ownFetches = browserFetchUrls(saved.LinkElements, manifestIcons);
      writeFileSync(
        logFile,
        JSON.stringify(withoutBrowserFetches(JSON.parse(readFileSync(logFile, 'utf8')), ownFetches)),
      );
    }
    const { lhr, artifacts, lcpWaitedFor } = await withTasksAsWorked(multiplier, async () => {
      const { lhr, artifacts } = await lighthouse(url, {
        ...flags,
        auditMode: gathered,
        throttling: { ...saved.settings.throttling },
      });
      const measured = !lhr.runtimeError && process.env.BENCH_LCP_PATH;
      return { lhr, artifacts, lcpWaitedFor: measured ? await lcpPath(lhr, artifacts) : undefined };
    });
    if (lhr.runtimeError || lhr.audits['cumulative-layout-shift'].numericValue === undefined) {
      console.warn(`Lighthouse could not measure ${url}: ${lhr.runtimeError?.message ?? 'no paint'}`);
      return null;
    }
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    multipliers.push(multiplier);
    return {
      // Where the page ended (a signed-in page that lost its session ends on /login).
      finalUrl: lhr.finalDisplayedUrl,
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      // The page's own HTML as it came over the wire, headers included (ADR 87).
      documentBytes:
        (lhr.audits['network-requests']?.details?.items ?? []).find((request) => request.resourceType === 'Document')
          ?.transferSize ?? Number.NaN,
      // Where the blocking time goes: the run's tasks over 50 ms (simulated), longest first.
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
        .map((task) => `${Math.round(task.duration)} ms ${task.url ?? ''}`.trim())
        .slice(0, 5),
      // Lighthouse's count of TBT, each task's wall time slowed: this host's contention included.
      wallTbt: await wallTimeTbt(lhr, artifacts),
      lcpPath: lcpWaitedFor,
      // What moved (BENCH_LAYOUT_SHIFTS=1): each shift's element and score, largest first.
      layoutShifts: process.env.BENCH_LAYOUT_SHIFTS
        ? (lhr.audits['layout-shifts']?.details?.items ?? []).map(
            (shift) => `${shift.score?.toFixed(4)} ${shift.node?.selector ?? ''} ${shift.node?.snippet ?? ''}`,
          )
        : undefined,
    };
  } finally {
    // BENCH_TRACES=<dir> keeps each run's trace and artifacts there, to open in DevTools.
    if (process.env.BENCH_TRACES) {
      cpSync(gathered, join(process.env.BENCH_TRACES, `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}`), {
        recursive: true,
      });
    }
    rmSync(gathered, { recursive: true, force: true });
    if (!options.chrome) await chrome.kill();
  }
}

/**
 * Each page beside its scriptless floor (scripts/lib/bench-budgets.mjs): the page's own first
 * HTML with every script removed, written beside the site's files in web/dist, so Hosting
 * serves it as it serves the site's (same origin, compression and pictures). The page and its
 * floor take turns, three rounds, and each gets the median of its runs. `pages`: each page's
 * `path` and the `label` its row is named by.
 */
export async function lighthouseTable(site, pages, rounds) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const floorDirectory = join(root, 'web', 'dist', 'bench-floor');
  mkdirSync(floorDirectory, { recursive: true });
  const rows = [];
  try {
    for (const { label: name, path } of pages) {
      const floorFile = `${name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home'}.html`;
      const html = await (await fetch(`${site}${path}`)).text();
      writeFileSync(join(floorDirectory, floorFile), scriptlessFloor(html));
      const urls = { page: `${site}${path}`, floor: `${site}/bench-floor/${floorFile}` };
      const runs = { page: [], floor: [] };
      // A run Lighthouse could not complete (the page did not paint in its time on a busy
      // machine) is said and run again, twice at most per kind, rather than counted.
      for (const kind of [...interleaved(rounds), ...interleaved(2)]) {
        if (runs[kind].length >= rounds) continue;
        const run = await lighthouseRun(lighthouse, chromeLauncher, urls[kind]);
        if (run) runs[kind].push(run);
        if (run && kind === 'page' && process.env.BENCH_LONG_TASKS) {
          console.log(`${name} TBT ${Math.round(run.tbt)} ms; long tasks: ${run.longTasks.join(', ') || 'none'}`);
        }
        if (run?.lcpPath) console.log(`${name} ${kind} LCP ${Math.round(run.lcp)} ms waited for: ${run.lcpPath}`);
        if (run?.layoutShifts) console.log(`${name} ${kind} shifts: ${run.layoutShifts.join('; ') || 'none'}`);
      }
      for (const kind of ['page', 'floor']) {
        if (runs[kind].length < rounds) {
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
export async function firstJavaScript(site, paths) {
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
