// The bench's own arithmetic (scripts/lib/bench-budgets.mjs): the bench itself is not part of
// CI, so its budgets are checked here on made-up measurements.
import { describe, expect, it } from 'vitest';
import {
  apiBudget,
  cpuMultiplier,
  exceeded,
  firstWindowBudget,
  interleaved,
  median,
  medians,
  pageBudgets,
  pageRow,
  referencePhoneIndex,
  scriptlessFloor,
} from './bench-budgets.mjs';

const floor = { runs: 3, performance: 100, accessibility: 100, lcp: 1000, tbt: 20, cls: 0 };
const holdsOf = (budgets) => Object.fromEntries(budgets.map((entry) => [entry.budget.split(': ')[1], entry.holds]));

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([5, 1, 4, 2, 3])).toBe(3);
  });

  it('takes the mean of the middle two of an even count', () => {
    expect(median([100, 400, 200, 300])).toBe(250);
  });

  it('refuses no values rather than answering undefined', () => {
    expect(() => median([])).toThrow(/no values/);
  });
});

describe('a page against its floor', () => {
  it('holds at the limits themselves: LCP 1.10×, TBT + 100 ms, 5 points under', () => {
    const site = { ...floor, performance: 95, lcp: 1100, tbt: 120 };
    expect(exceeded(pageBudgets('/', site, floor))).toEqual([]);
  });

  it('fails LCP just over 1.10× the floor’s, and nothing else', () => {
    const site = { ...floor, lcp: 1101 };
    const budgets = pageBudgets('/', site, floor);
    expect(exceeded(budgets).map((entry) => entry.budget)).toEqual(["/: LCP ≤ 1.10× the floor's"]);
    expect(budgets[0].measured).toBe('1.10 (1101 ms / 1000 ms)');
  });

  it('measures TBT from the floor’s own, not from zero', () => {
    const slowFloor = { ...floor, tbt: 300 };
    expect(holdsOf(pageBudgets('/menu', { ...floor, tbt: 400 }, slowFloor))["TBT ≤ the floor's + 100 ms"]).toBe(true);
    expect(holdsOf(pageBudgets('/menu', { ...floor, tbt: 401 }, slowFloor))["TBT ≤ the floor's + 100 ms"]).toBe(false);
    expect(holdsOf(pageBudgets('/menu', { ...floor, tbt: 121 }, floor))["TBT ≤ the floor's + 100 ms"]).toBe(false);
  });

  it('fails performance six points under the floor’s', () => {
    const budgets = pageBudgets('/login', { ...floor, performance: 94 }, floor);
    expect(exceeded(budgets).map((entry) => entry.budget)).toEqual(["/login: performance ≥ the floor's − 5"]);
  });

  it('fails any layout shift and any accessibility short of 100, whatever the floor', () => {
    const budgets = pageBudgets('/meals', { ...floor, cls: 0.01, accessibility: 99 }, { ...floor, cls: 0.01 });
    expect(exceeded(budgets).map((entry) => entry.budget)).toEqual(['/meals: CLS 0', '/meals: accessibility 100']);
  });

  it('prints the ratio and the distance the budgets read', () => {
    const row = pageRow(
      '/',
      { ...floor, performance: 92, lcp: 1188, tbt: 240, wallTbt: 610 },
      { ...floor, lcp: 1133, tbt: 23, wallTbt: 90 },
    );
    expect(row).toMatchObject({
      'LCP ratio': '1.05',
      'TBT over floor': '217 ms',
      'wall-time TBT over floor': '520 ms',
      'floor perf': 100,
    });
  });
});

describe('a public page’s HTML', () => {
  it('holds in the first round trip, ten segments of 1,460 bytes, and fails a byte over', () => {
    expect(firstWindowBudget('/menu', { ...floor, documentBytes: 14600 }).holds).toBe(true);
    const over = firstWindowBudget('/menu', { ...floor, documentBytes: 14601 });
    expect(over).toMatchObject({ holds: false, measured: '14601 B' });
    expect(over.budget).toMatch(/^\/menu: HTML with headers ≤ 14600 B/);
  });

  it('fails when the bench found no document to measure', () => {
    expect(firstWindowBudget('/', { ...floor, documentBytes: Number.NaN }).holds).toBe(false);
  });
});

describe('the medians of a page’s runs', () => {
  it('takes each measure’s median on its own', () => {
    const runs = [
      { performance: 90, accessibility: 100, lcp: 1200, tbt: 50, wallTbt: 400, cls: 0 },
      { performance: 80, accessibility: 100, lcp: 1000, tbt: 300, wallTbt: 90, cls: 0 },
      { performance: 99, accessibility: 100, lcp: 1100, tbt: 100, wallTbt: 200, cls: 0.1 },
    ];
    expect(medians(runs)).toEqual({
      runs: 3,
      performance: 90,
      accessibility: 100,
      lcp: 1100,
      tbt: 100,
      wallTbt: 200,
      cls: 0,
    });
  });
});

describe('interleaved runs', () => {
  it('takes turns page, floor, as many rounds as asked', () => {
    expect(interleaved(3)).toEqual(['page', 'floor', 'page', 'floor', 'page', 'floor']);
  });
});

describe('the CPU slowdown calibrated to the reference phone', () => {
  it('is the host’s benchmark index over the phone’s, so every host emulates the same phone', () => {
    expect(referencePhoneIndex).toBe(460);
    expect(cpuMultiplier(2800)).toBe(6.09);
    expect(cpuMultiplier(1150)).toBe(2.5);
    // Two hosts 2.5x apart emulate phones of the same index.
    for (const host of [1120, 2800]) expect(Math.abs(host / cpuMultiplier(host) - 460)).toBeLessThan(2);
  });

  it('never speeds a host slower than the phone up, and refuses a missing index', () => {
    expect(cpuMultiplier(300)).toBe(1);
    expect(() => cpuMultiplier(undefined)).toThrow(/no benchmark index/);
    expect(() => cpuMultiplier(0)).toThrow(/no benchmark index/);
  });
});

describe('the API against the bare query', () => {
  it('holds at 1.5× and fails above it', () => {
    expect(apiBudget(60, 40).holds).toBe(true);
    expect(apiBudget(60.1, 40).holds).toBe(false);
    expect(apiBudget(60.1, 40).measured).toBe('1.50 (60 ms / 40 ms)');
  });
});

describe('the scriptless floor', () => {
  const html =
    '<!doctype html><html><head><title>Meals</title><style data-page-rules>.a{color:red}</style>' +
    '<link rel="stylesheet" href="/assets/index.css" disabled>' +
    '<link rel="modulepreload" href="/assets/react.js">' +
    '<script defer src="/load-site.js" data-entry="/assets/index.js"></script></head>' +
    '<body><div id="root"><h1>Meals</h1><img src="/images/a.webp" width="4" height="3" alt="Soup"></div>' +
    '<script type="application/json" id="server-data">{"queries":[]}</script>' +
    '<SCRIPT type="module">\nimport "/assets/index.js";\n</SCRIPT></body></html>';

  it('removes every script and script preload', () => {
    const floorHtml = scriptlessFloor(html);
    expect(floorHtml).not.toMatch(/<script/i);
    expect(floorHtml).not.toMatch(/modulepreload|server-data|load-site/);
  });

  it('keeps the styles, pictures and text as they are', () => {
    expect(scriptlessFloor(html)).toBe(
      '<!doctype html><html><head><title>Meals</title><style data-page-rules>.a{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/index.css" disabled></head>' +
        '<body><div id="root"><h1>Meals</h1><img src="/images/a.webp" width="4" height="3" alt="Soup"></div></body></html>',
    );
  });
});
