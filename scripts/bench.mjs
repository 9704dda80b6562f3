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
//   npm run bench -- --router-modes       only the public pages today beside React Router's data
//                                         mode over the same table (ADR 70): server render, take-over
//                                         in Chromium, first scripts and lines of code
//
// It prints: Lighthouse (mobile preset with the CPU slowdown calibrated to the reference phone
// of ADR 80, median of three runs) performance, accessibility,
// LCP and TBT for the public pages, and the machine they ran on (its processor and Lighthouse's
// benchmark index); the home route's initial JavaScript, gzipped; the public first-bundle
// check (no public page's first scripts hold Firestore, reactfire or Stripe);
// p50/p95 of GET /api/meals through Hosting, through the built `api` handler served from a
// plain Node server in this process (no Functions emulator in between), and a bare Admin SDK
// query of the same page, at 1, 5 and 20 concurrent clients; and the Firestore documents a page
// of /api/meals reads.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import {
  apiBudget,
  exceeded,
  firstWindowBudget,
  median,
  offlineQrBudget,
  pageBudgets,
  pageRow,
  referencePhoneIndex,
} from './lib/bench-budgets.mjs';
import { memberPassMeasures } from './lib/bench-member.mjs';
import { apiTable, filteredReadsTable, menuTable, readsTable, startPlainApi } from './lib/bench-api.mjs';
import { benchmarkIndexes, firstJavaScript, lighthouseTable, multipliers } from './lib/bench-pages.mjs';
import { routerModesTables } from './lib/bench-router-modes.mjs';
import { rushTable, rushThroughSite } from './lib/rush-bench.mjs';
import { loadContracts } from './lib/contracts.mjs';
import { apiAnswers, runOnEmulators } from './lib/emulator-run.mjs';
import { emulatorConfig, emulatorEnvironment, notConfigured, prepareEmulators, projectId } from './lib/emulators.mjs';

const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
/**
 * Lighthouse runs of each page and of its floor: three, or BENCH_ROUNDS. On two cores one run's
 * TBT can be five times another's; with five, two noisy runs still leave the median alone.
 */
const lighthouseRounds = Number(process.env.BENCH_ROUNDS ?? 3);
if (!Number.isInteger(lighthouseRounds) || lighthouseRounds < 1 || lighthouseRounds % 2 === 0) {
  throw new Error(
    `BENCH_ROUNDS must be an odd whole number, so each median is one run's (got ${process.env.BENCH_ROUNDS})`,
  );
}
const inside = process.argv.includes('--inside');
const rushOnly = process.argv.includes('--rush');
const rushStartOnly = process.argv.includes('--rush-start');
const routerModesOnly = process.argv.includes('--router-modes');
const insideArgs = [
  '--inside',
  ...(rushOnly ? ['--rush'] : []),
  ...(rushStartOnly ? ['--rush-start'] : []),
  ...(routerModesOnly ? ['--router-modes'] : []),
];

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

const anyMeal = (await (await fetch(`${site}/api/meals?limit=1`)).json()).meals[0]._id;
// The public page table (packages/contracts/src/public-pages.ts), a meal page for /meal/:mealId.
const { publicPages } = await loadContracts();
const pathOf = (name) => publicPages[name].path.replace(':mealId', anyMeal);
/** The pages Lighthouse measures, each named by its path with `{id}` for a parameter (`/meal/{id}`). */
const allLighthousePages = ['home', 'meals', 'meal', 'upcoming-meals', 'menu', 'login'].map((name) => ({
  label: publicPages[name].path.replace(/:\w+/g, '{id}'),
  path: pathOf(name),
}));
/** The public first-bundle check covers /register too. */
const publicPaths = [...allLighthousePages.map((page) => page.path), pathOf('register')];
// BENCH_PAGES=/,/menu measures only those pages (while working on one), and BENCH_PAGES_ONLY=1
// leaves out the API's tables: a full run is long and takes the machine's processor.
const onlyPages = (process.env.BENCH_PAGES ?? '').split(',').filter(Boolean);
const lighthousePages = onlyPages.length
  ? allLighthousePages.filter((page) => onlyPages.includes(page.label))
  : allLighthousePages;
/** The signed-in page measured after the public ones (BENCH_PAGES=/dashboard/meal-pass alone). */
const memberPage = '/dashboard/meal-pass';
const pagesOnly = Boolean(process.env.BENCH_PAGES_ONLY);

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
 * The rush through the site (ADR 0056): 60 members for 40 places through Hosting and the
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

if (routerModesOnly) {
  await routerModesTables(site, anyMeal);
  process.exit(0);
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
const lighthouseRows = await lighthouseTable(site, lighthousePages, lighthouseRounds);
console.table(lighthouseRows.map((row) => pageRow(row.page, row.site, row.floor)));
for (const row of lighthouseRows) {
  budgets.push(...pageBudgets(row.page, row.site, row.floor), firstWindowBudget(row.page, row.site));
}
if (onlyPages.length === 0 || onlyPages.includes(memberPage)) {
  console.log(
    "\nThe member's moment: the meal pass on a repeat visit (service worker) beside its floor, medians of " +
      `${lighthouseRounds}; and with no connection, the time until its QR code shows beside the floor's largest paint`,
  );
  const pass = await memberPassMeasures(site, db, lighthouseRounds);
  console.table([pageRow(pass.lighthouse.page, pass.lighthouse.site, pass.lighthouse.floor)]);
  console.table([
    {
      page: '/dashboard/meal-pass offline',
      'host index': Math.round(pass.offline.hostIndex),
      'CPU slowdown': `${pass.offline.multiplier}x`,
      'QR shown': `${Math.round(pass.offline.qrMs)} ms`,
      'floor LCP': `${Math.round(pass.offline.floorMs)} ms`,
      'QR over floor': `${Math.round(pass.offline.qrMs - pass.offline.floorMs)} ms`,
    },
  ]);
  budgets.push(...pageBudgets(pass.lighthouse.page, pass.lighthouse.site, pass.lighthouse.floor));
  budgets.push(offlineQrBudget(pass.offline.qrMs, pass.offline.floorMs));
}
const [processor] = cpus();
const range = (values) => `${Math.min(...values)}-${Math.max(...values)}`;
console.log(
  // Some virtual machines report no clock speed (0).
  `Machine: ${processor.model.trim()}, ${cpus().length} cores${processor.speed ? ` at ${processor.speed} MHz` : ''}; ` +
    `Lighthouse benchmark index ${Math.round(median(benchmarkIndexes))} ` +
    `(median of ${benchmarkIndexes.length} runs, ${range(benchmarkIndexes.map(Math.round))})\n` +
    `Reference phone: benchmark index ${referencePhoneIndex} (ADR 80); CPU slowdown ${median(multipliers).toFixed(2)}x ` +
    `(each run's index over the phone's, ${range(multipliers)}x)`,
);
const firstScripts = await firstJavaScript(site, publicPaths);
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
  const { rows: apiRows, atTwenty } = await apiTable(site, db);
  console.table(apiRows);
  budgets.push(apiBudget(atTwenty.plain, atTwenty.bare));
  console.log('\nGET /api/menu beside GET /api/meals through Hosting (warm; a week of the demo menu: 3 round trips)');
  console.table(await menuTable(site));
  console.log('\nFirestore documents read for one page of 6 (counted)');
  console.table(readsTable());

  console.log('\nA filtered page beside the unfiltered one (ADR 32: label filters are equality filters on an index)');
  console.table(await filteredReadsTable(site));
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
