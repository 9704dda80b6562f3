// The bench's API measurements (scripts/bench.mjs): GET /api/meals through Hosting, through
// the built handler on a plain Node server in this process, behind a bare node:http handler
// (the HTTP floor) and as the bare Admin SDK query; GET /api/menu; what a page reads.
import { randomBytes } from 'node:crypto';
import { Agent, createServer, get } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './emulators.mjs';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${Math.round(value)} ms`;

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
export async function startPlainApi() {
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

/**
 * The API's table: its rows, and `atTwenty`, the built handler's and the bare query's p50 at
 * 20 clients, where the API's budget is.
 */
export async function apiTable(site, db) {
  let atTwenty = null;
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
      if (clients === 20) atTwenty = { plain: plain.p50, bare: direct.p50 };
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
  return { rows, atTwenty };
}

/** GET /api/menu (a week: servings by range, closed days, meals) beside GET /api/meals. */
export async function menuTable(site) {
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
export async function filteredReadsTable(site) {
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
export function readsTable() {
  const pageSize = 6;
  const page = (number) => ({
    page: number,
    'by cursor': pageSize + 1 + (number > 1 ? 1 : 0) + 1,
    'by offset (page=)': number * pageSize <= 120 ? (number - 1) * pageSize + pageSize + 1 + 1 : 'refused (400)',
  });
  return [page(1), page(10), page(21)];
}
