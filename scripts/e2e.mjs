// The e2e suite: Playwright run twice, first the journeys that read the demo data alone
// (project demo-data), then those that make their own (own-data), and their reports merged
// into artifacts/e2e-results.json for the summary. Two runs rather than one project depending
// on the other: Playwright skips every test of a dependent project once one journey it depends
// on fails, so one fault would hide every other result. The second run keeps the first's demo
// data and sign-ins (E2E_REUSE_SETUP); the order alone keeps the demo data unread by the others.
// Extra arguments (spec file filters) go to both runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/emulators.mjs';

const filters = process.argv.slice(2);
const reportOf = (project) => join(root, 'artifacts', `e2e-${project}-results.json`);

let setUp = false;
const reports = [];
for (const project of ['demo-data', 'own-data']) {
  rmSync(reportOf(project), { force: true });
  const args = [
    'playwright',
    'test',
    '--config',
    'e2e/playwright.config.ts',
    '--project',
    project,
    '--pass-with-no-tests',
  ];
  spawnSync('npx', [...args, ...filters], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_RESULTS_FILE: reportOf(project), ...(setUp ? { E2E_REUSE_SETUP: '1' } : {}) },
  });
  if (!existsSync(reportOf(project))) continue;
  const report = JSON.parse(readFileSync(reportOf(project), 'utf8'));
  reports.push(report);
  // A run whose set-up failed ran no test: the next one sets up afresh.
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats ?? {};
  setUp ||= expected + unexpected + flaky > 0;
}

/** One report of both runs: their suites side by side, their counts added. */
function merged(parts) {
  const stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0, duration: 0 };
  for (const part of parts) for (const key of Object.keys(stats)) stats[key] += part.stats?.[key] ?? 0;
  return {
    config: parts[0]?.config,
    suites: parts.flatMap((part) => part.suites ?? []),
    errors: parts.flatMap((part) => part.errors ?? []),
    stats: { startTime: parts[0]?.stats?.startTime, ...stats },
  };
}

// No report from either run leaves no result file: the summary counts that as a failure.
if (reports.length > 0) writeFileSync(join(root, 'artifacts', 'e2e-results.json'), JSON.stringify(merged(reports)));
