// The test suites `npm test` runs, and how their JSON results are counted.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './emulators.mjs';

const resultFile = (name) => join(root, 'artifacts', `${name}-results.json`);
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

export const suites = [
  {
    // ESLint (with the layer boundaries of docs/architecture.md), Prettier and TypeScript:
    // one check that passes or fails as a whole.
    name: 'static',
    needsEmulators: false,
    kind: 'command',
    resultFile: resultFile('static'),
    command: ['npm', 'run', 'check'],
  },
  {
    name: 'web',
    needsEmulators: false,
    kind: 'vitest',
    resultFile: resultFile('web'),
    command: vitest('web/vite.config.ts', 'web'),
  },
  {
    name: 'api',
    needsEmulators: true,
    kind: 'vitest',
    resultFile: resultFile('api'),
    // API_TESTS=rate-limits,meal-totals runs only the test files whose paths match those.
    command: [
      ...vitest('functions/vitest.config.ts', 'api'),
      ...(process.env.API_TESTS ?? '').split(',').filter(Boolean),
    ],
  },
  {
    name: 'rules',
    needsEmulators: true,
    kind: 'vitest',
    resultFile: resultFile('rules'),
    command: vitest('tests/rules/vitest.config.ts', 'rules'),
  },
  {
    name: 'e2e',
    needsEmulators: true,
    kind: 'playwright',
    resultFile: resultFile('e2e'),
    // e2e/playwright.config.ts writes its JSON report to artifacts/e2e-results.json.
    // E2E_SPECS=live-dashboard,sign-in runs only the spec files whose paths match those.
    command: [
      'npx',
      'playwright',
      'test',
      '--config',
      'e2e/playwright.config.ts',
      ...(process.env.E2E_SPECS ?? '').split(',').filter(Boolean),
    ],
  },
];

// A test file can fail with none of its tests failed: it threw before its tests ran (no
// results of its own), or a beforeAll/afterAll hook threw (its tests then read as skipped).
// Each such file counts as one failure.
const failedOutsideItsTests = (file) =>
  file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed');
const filesThatFailedOutsideTheirTests = (report) => report.testResults.filter(failedOutsideItsTests).length;

/** The full names of a report's failed tests, so the end of a long log says which ones. */
function failedTestNames(kind, report) {
  if (kind === 'vitest') {
    return report.testResults.flatMap((file) =>
      failedOutsideItsTests(file)
        ? [`${file.name} (the file or one of its hooks failed: ${String(file.message ?? '').split('\n')[0]})`]
        : file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
    );
  }
  if (kind === 'playwright') {
    const names = [];
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        if (spec.tests?.some((test) => test.status === 'unexpected')) names.push([...path, spec.title].join(' › '));
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, [suite.title]);
    return names;
  }
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
    console.log(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed`);
    passed += counts.passed;
    failed += counts.failed;
  }
  return { passed, failed };
}
