// The test suites `npm test` runs, and how their JSON results are counted.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './emulators.mjs';

const resultFile = (name) => join(root, 'artifacts', `${name}-results.json`);
const timeFile = (name) => join(root, 'artifacts', `${name}-seconds.json`);
const vitest = (config, name) => [
  'npx',
  'vitest',
  'run',
  '--config',
  config,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultFile(name)}`,
];

/** A suite's name, where its JSON results and its time go, and what else it says. */
const suite = (name, rest) => ({ name, resultFile: resultFile(name), timeFile: timeFile(name), ...rest });

/**
 * A suite of vitest files on the emulators; `filter` names the variable that narrows a run to
 * the test files whose paths match its comma-separated words (API_TESTS=rate-limits,meal-totals).
 */
const emulatorVitest = (name, config, filter, rest = {}) =>
  suite(name, {
    needsEmulators: true,
    ...rest,
    kind: 'vitest',
    command: [...vitest(config, name), ...(process.env[filter] ?? '').split(',').filter(Boolean)],
  });

export const suites = [
  // ESLint (with the layer boundaries of docs/architecture.md), Prettier and TypeScript:
  // one check that passes or fails as a whole.
  suite('static', { needsEmulators: false, kind: 'command', command: ['npm', 'run', 'check'] }),
  suite('web', { needsEmulators: false, kind: 'vitest', command: vitest('web/vite.config.ts', 'web') }),
  emulatorVitest('api', 'functions/vitest.config.ts', 'API_TESTS'),
  // The Firestore emulator alone: a run of this suite alone builds nothing.
  emulatorVitest('rules', 'tests/rules/vitest.config.ts', 'RULES_TESTS', { firestoreOnly: true }),
  // scripts/e2e.mjs runs the journeys on the demo data, then the others, and merges their
  // reports into artifacts/e2e-results.json. E2E_SPECS=live-dashboard,sign-in runs only the
  // spec files whose paths match those.
  suite('e2e', {
    needsEmulators: true,
    kind: 'playwright',
    command: ['node', 'scripts/e2e.mjs', ...(process.env.E2E_SPECS ?? '').split(',').filter(Boolean)],
  }),
];

export const suiteNames = suites.map((suite) => suite.name);

/**
 * The suites a run asks for: `--suite api,rules` (or `--suite=api`) on the command line, else
 * SUITES=api,rules, else all of them. Throws on a name no suite has.
 */
export function chosenSuites(argv, env) {
  const flag = argv.findIndex((arg) => arg === '--suite' || arg.startsWith('--suite='));
  const listed = flag === -1 ? env.SUITES : argv[flag].includes('=') ? argv[flag].split('=')[1] : argv[flag + 1];
  const names = (listed ?? suiteNames.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !suiteNames.includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(`Unknown suite ${unknown.join(', ') || '(none named)'}: choose from ${suiteNames.join(', ')}`);
  }
  return suites.filter((suite) => names.includes(suite.name));
}

/** Keeps how long a suite took, for the summary. */
export function recordTime(suite, seconds) {
  writeFileSync(suite.timeFile, JSON.stringify({ seconds }));
}

const secondsOf = (suite) =>
  existsSync(suite.timeFile) ? ` (${Math.round(JSON.parse(readFileSync(suite.timeFile, 'utf8')).seconds)} s)` : '';

// A test file can fail with none of its tests failed: it threw before its tests ran (no
// results of its own), or a beforeAll/afterAll hook threw (its tests then read as skipped).
// Each such file counts as one failure.
const failedOutsideItsTests = (file) =>
  file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed');
const filesThatFailedOutsideTheirTests = (report) => report.testResults.filter(failedOutsideItsTests).length;

/**
 * A journey that never ran: Playwright skips a test without a result when the run stopped
 * before it (a set-up that failed, a run cut short). Not a pass.
 */
const neverRan = (test) => test.status === 'skipped' && (test.results ?? []).length === 0;

/** The full names of a Playwright report's tests whose results have `status` (or pass `which`). */
function playwrightTestNames(report, status, which = (test) => test.status === status) {
  const names = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some(which)) names.push([...path, spec.title].join(' › '));
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return names;
}

/** The full names of a report's failed tests, so the end of a long log says which ones. */
function failedTestNames(kind, report) {
  if (kind === 'vitest') {
    return report.testResults.flatMap((file) =>
      failedOutsideItsTests(file)
        ? [`${file.name} (the file or one of its hooks failed: ${String(file.message ?? '').split('\n')[0]})`]
        : file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
    );
  }
  if (kind === 'playwright') return playwrightTestNames(report, 'unexpected');
  return [];
}

/** Counts passes and failures; a suite that left no result file counts as one failure. */
export function tallyResults(chosen) {
  let passed = 0;
  let failed = 0;
  for (const suite of chosen) {
    if (!existsSync(suite.resultFile)) {
      console.log(`${suite.name}: no results (the suite did not run to the end)`);
      failed += 1;
      continue;
    }
    const report = JSON.parse(readFileSync(suite.resultFile, 'utf8'));
    const counts =
      suite.kind === 'command'
        ? { passed: report.ok ? 1 : 0, failed: report.ok ? 0 : 1 }
        : suite.kind === 'vitest'
          ? { passed: report.numPassedTests, failed: report.numFailedTests + filesThatFailedOutsideTheirTests(report) }
          : {
              passed: report.stats.expected + report.stats.flaky,
              failed: report.stats.unexpected + (report.errors?.length ?? 0),
            };
    for (const name of failedTestNames(suite.kind, report)) console.log(`${suite.name} failed: ${name}`);
    const notRun = suite.kind === 'playwright' ? playwrightTestNames(report, null, neverRan) : [];
    if (notRun.length > 0) {
      console.log(`${suite.name}: ${notRun.length} not run, counted as failed`);
      counts.failed += notRun.length;
    }
    // A journey that failed and then passed on its retry counts as passed, and is named here:
    // it is a fault to find (in the journey or the product), not noise.
    const flaky = suite.kind === 'playwright' ? playwrightTestNames(report, 'flaky') : [];
    for (const name of flaky) console.log(`${suite.name} passed only on its retry: ${name}`);
    const onRetry = flaky.length > 0 ? ` (${flaky.length} only on a retry)` : '';
    console.log(`${suite.name}: ${counts.passed} passed${onRetry}, ${counts.failed} failed${secondsOf(suite)}`);
    passed += counts.passed;
    failed += counts.failed;
  }
  return { passed, failed };
}
