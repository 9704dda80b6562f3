// The bench's budgets as arithmetic on measured numbers (scripts/bench.mjs measures; this
// decides). A page is judged against its own scriptless floor, measured in the same run and
// interleaved with it: the same HTML with every script removed, served the same way. On a
// machine whose speed moves within a run (Lighthouse's benchmark index went from about 1000
// to 2500 in one run on two cores), an absolute LCP or score says more about the machine than
// about the code, while the distance from the floor is what the site's own scripts cost.
// The API is judged the same way, against the bare query in the same process.

/**
 * The phone every page is measured on (ADR 80), as Lighthouse's benchmark index: the middle of
 * its mid-tier mobile bracket (125-800). Lighthouse's constant 4x slowdown emulates a phone of
 * a quarter of the host's index, which on these hosts (1,000 to 2,800) is anything from a slow
 * phone to a fast one; the multiplier is the host's index over this.
 */
export const referencePhoneIndex = 460;

/**
 * The CPU slowdown that makes a host of `benchmarkIndex` run as the reference phone. Never
 * below 1: a host slower than the phone is measured as it is (and the bench says so).
 */
export function cpuMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`Lighthouse measured no benchmark index (${benchmarkIndex})`);
  }
  return Math.max(1, Math.round((benchmarkIndex / referencePhoneIndex) * 100) / 100);
}

/** How far a page may be from its floor (issue 43). */
export const pageLimits = {
  /** LCP at most this many times the floor's. */
  lcpRatio: 1.1,
  /** TBT at most the floor's plus this many milliseconds. */
  tbtOverFloorMs: 100,
  /** Performance at most this many points under the floor's. */
  performanceUnderFloor: 5,
  accessibility: 100,
  /**
   * The meal pass opened with no connection (ADR 80): its QR code drawn at most this long after
   * its floor's largest paint, both on the reference phone. A second is the most a member at
   * the counter should wait on our scripts.
   */
  offlineQrOverFloorMs: 1000,
  /**
   * A public page's HTML, headers included, in TCP's first window (ten segments of 1,460 bytes,
   * as Lighthouse's simulation and most servers have it): one round trip on a slow link rather
   * than two, which alone cost 150 ms of largest paint (ADR 87).
   */
  firstWindowBytes: 14600,
};

/** The built API handler's p50 at most this many times the bare query's, at 20 clients. */
export const apiRatioLimit = 1.5;

/** The median: the middle value, or the mean of the middle two. */
export function median(values) {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * A page's scriptless floor: its own first HTML with every script removed (the entry's loader,
 * the module scripts, the server's data, the preloads of scripts), so that what stays (its
 * styles, pictures and text) costs what it costs without anything of ours running.
 */
export function scriptlessFloor(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script\b[^>]*\/>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?(?:modulepreload|preload)["']?[^>]*\bas=["']?script["']?[^>]*>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, '');
}

/**
 * The order of a page's Lighthouse runs: the page and its floor taking turns, so a moment
 * when the machine is busier weighs on both alike.
 */
export function interleaved(rounds) {
  return Array.from({ length: rounds }, () => ['page', 'floor']).flat();
}

/** The medians of a page's runs ({ performance, accessibility, lcp, tbt, cls } each). */
export function medians(runs) {
  const of = (key) => median(runs.map((run) => run[key]));
  return {
    runs: runs.length,
    performance: of('performance'),
    accessibility: of('accessibility'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    // Lighthouse's own TBT beside the budget's (ADR 89), where the runs carry it.
    wallTbt: of('wallTbt'),
    cls: of('cls'),
    documentBytes: of('documentBytes'),
  };
}

const ms = (value) => `${Math.round(value)} ms`;

/**
 * The budgets of one page, each { budget, holds, measured }: `site` and `floor` are medians()
 * of the page's and its floor's runs, `page` its name.
 */
export function pageBudgets(page, site, floor) {
  const lcpRatio = site.lcp / floor.lcp;
  const tbtLimit = floor.tbt + pageLimits.tbtOverFloorMs;
  const performanceLimit = floor.performance - pageLimits.performanceUnderFloor;
  return [
    {
      budget: `${page}: LCP ≤ ${pageLimits.lcpRatio.toFixed(2)}× the floor's`,
      holds: lcpRatio <= pageLimits.lcpRatio,
      measured: `${lcpRatio.toFixed(2)} (${ms(site.lcp)} / ${ms(floor.lcp)})`,
    },
    {
      budget: `${page}: TBT ≤ the floor's + ${pageLimits.tbtOverFloorMs} ms`,
      holds: site.tbt <= tbtLimit,
      measured: `${ms(site.tbt)} (limit ${ms(tbtLimit)})`,
    },
    {
      budget: `${page}: performance ≥ the floor's − ${pageLimits.performanceUnderFloor}`,
      holds: site.performance >= performanceLimit,
      measured: `${site.performance} (limit ${performanceLimit})`,
    },
    { budget: `${page}: CLS 0`, holds: site.cls === 0, measured: site.cls.toFixed(2) },
    {
      budget: `${page}: accessibility ${pageLimits.accessibility}`,
      holds: site.accessibility === pageLimits.accessibility,
      measured: String(site.accessibility),
    },
  ];
}

/** A public page's budget for its HTML: within the first round trip (`site` as in pageBudgets). */
export function firstWindowBudget(page, site) {
  return {
    budget: `${page}: HTML with headers ≤ ${pageLimits.firstWindowBytes} B (the first round trip)`,
    holds: site.documentBytes <= pageLimits.firstWindowBytes,
    measured: `${Math.round(site.documentBytes)} B`,
  };
}

/** The offline pass's budget: the QR's time from navigation, against the floor's largest paint. */
export function offlineQrBudget(qrMs, floorMs) {
  const limit = floorMs + pageLimits.offlineQrOverFloorMs;
  return {
    budget: `/dashboard/meal-pass offline: QR ≤ the floor's LCP + ${pageLimits.offlineQrOverFloorMs} ms`,
    holds: qrMs <= limit,
    measured: `${ms(qrMs)} (floor ${ms(floorMs)}, limit ${ms(limit)})`,
  };
}

/** The API budget: the built handler's p50 over the bare query's, at 20 clients. */
export function apiBudget(plainP50, bareP50) {
  const ratio = plainP50 / bareP50;
  return {
    budget: `API: built handler p50 ≤ ${apiRatioLimit}× the bare query's at 20 clients, every check on`,
    holds: ratio <= apiRatioLimit,
    measured: `${ratio.toFixed(2)} (${ms(plainP50)} / ${ms(bareP50)})`,
  };
}

/** One line for a page beside its floor, as the bench prints them. */
export function pageRow(page, site, floor) {
  return {
    page,
    performance: site.performance,
    'floor perf': floor.performance,
    LCP: ms(site.lcp),
    'floor LCP': ms(floor.lcp),
    'LCP ratio': (site.lcp / floor.lcp).toFixed(2),
    TBT: ms(site.tbt),
    'floor TBT': ms(floor.tbt),
    'TBT over floor': ms(site.tbt - floor.tbt),
    'wall-time TBT over floor': ms(site.wallTbt - floor.wallTbt),
    HTML: `${(site.documentBytes / 1000).toFixed(1)} kB`,
    CLS: site.cls.toFixed(2),
    accessibility: site.accessibility,
  };
}

/** The budgets not met; the bench exits 1 naming each when there is any. */
export function exceeded(budgets) {
  return budgets.filter((entry) => !entry.holds);
}
