// `npm test`: runs the static checks and the web component tests, and (when an emulator suite
// is chosen) builds, starts the emulator suite and runs the API, rules and end-to-end suites
// against it. Ends with each suite's count and time, then one line of totals.
//
//   npm test -- --suite api,rules      run only some suites (static, web, api, rules, e2e);
//   SUITES=api,rules npm test          the same
//   SUITES=static,web npm test         the fast loop: no build, no emulators
//   EMULATOR_PORT_OFFSET=1100 npm test shift every emulator port (parallel runs on one machine;
//   keep the hosting port off the ports fetch refuses, such as 6000)
//
// The static and web suites run side by side (their output is shown as each one ends); with
// both kinds chosen, they run while the site and the API build and the emulators start, and
// the emulator suites start after them. The build then leaves out the type checks that the
// static suite makes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOnEmulators } from './lib/emulator-run.mjs';
import { root } from './lib/emulators.mjs';
import { fakeStripe } from './lib/stripe-test-mode.mjs';
import { chosenSuites, recordTime, tallyResults } from './lib/suites.mjs';

let chosen;
try {
  chosen = chosenSuites(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error.message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
mkdirSync(join(root, 'artifacts'), { recursive: true });
for (const suite of chosen) {
  rmSync(suite.resultFile, { force: true });
  rmSync(suite.timeFile, { force: true });
}

const standalone = chosen.filter((suite) => !suite.needsEmulators);
const onEmulators = chosen.filter((suite) => suite.needsEmulators);
const phases = [];

/**
 * Runs a suite that needs no emulators and keeps its time. `quietly`: its output goes to
 * artifacts/<name>.log and is printed in one piece when it ends, so it does not interleave
 * with the build's.
 */
async function runStandalone(suite, { quietly }) {
  const started = Date.now();
  const logPath = join(root, 'artifacts', `${suite.name}.log`);
  const log = quietly ? openSync(logPath, 'w') : null;
  const status = await new Promise((resolve) => {
    const child = spawn(suite.command[0], suite.command.slice(1), {
      cwd: root,
      stdio: quietly ? ['ignore', log, log] : 'inherit',
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  recordTime(suite, (Date.now() - started) / 1000);
  if (log !== null) {
    closeSync(log);
    console.log(`\n=== ${suite.name} suite (artifacts/${suite.name}.log) ===\n${readFileSync(logPath, 'utf8')}`);
  }
  // A plain command has no report of its own: its exit status is its one result.
  if (suite.kind === 'command') writeFileSync(suite.resultFile, JSON.stringify({ ok: status === 0 }));
}

/**
 * The standalone suites side by side: the static checks run one tool at a time (one core) and
 * the component tests' two workers take what the static checks leave of a 2-core machine.
 * Side by side, each one's output waits for its end.
 */
async function runAllStandalone({ quietly }) {
  const apart = quietly || standalone.length > 1;
  await Promise.all(standalone.map((suite) => runStandalone(suite, { quietly: apart })));
}

if (onEmulators.length === 0) {
  await runAllStandalone({ quietly: false });
} else {
  // The emulator suites start once this file exists (scripts/run-emulator-suites.mjs).
  const standaloneDone = join(root, '.cache', `standalone-done-${offset}`);
  rmSync(standaloneDone, { force: true });
  const standaloneRun = runAllStandalone({ quietly: true }).then(() => writeFileSync(standaloneDone, ''));

  // Secrets made for this run alone: side-by-side runs and a running demo never see each
  // other's keys. The site under test has a (fake) publishable key; Stripe.js is answered by
  // a stand-in in e2e.
  const stripe = fakeStripe(offset);
  const jwtSecret = randomBytes(32).toString('hex');
  const passSecret = randomBytes(32).toString('hex');
  const mailLinkSecret = randomBytes(32).toString('hex');
  process.env.VITE_STRIPE_PUBLISHABLE_KEY ??= 'pk_test_local_stand_in';
  await runOnEmulators('node scripts/run-emulator-suites.mjs', {
    secrets: { JWT_SECRET: jwtSecret, PASS_SECRET: passSecret, MAIL_LINK_SECRET: mailLinkSecret, ...stripe.secrets },
    // The static suite checks every workspace's types; the build need not check them again.
    typecheck: !chosen.some((suite) => suite.name === 'static'),
    firestoreOnly: onEmulators.every((suite) => suite.firestoreOnly),
    onPhase: (name, seconds) => phases.push(`${name} ${Math.round(seconds)} s`),
    env: {
      ...stripe.env,
      // The suites sign tokens with the API's key to test forged and expired ones.
      JWT_SECRET: jwtSecret,
      // The in-process API of the race tests signs and checks meal passes with the run's key.
      PASS_SECRET: passSecret,
      // The email schedules run in the test process and sign unsubscribe links (and the
      // tests forge them).
      MAIL_LINK_SECRET: mailLinkSecret,
      // Concurrent requests each start a function worker; on a busy machine loading them
      // takes longer than the emulator's default 30 s, after which it drops the request.
      FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
      // The suites write meals straight to Firestore and expect them counted in the next
      // answer; an instance's short-lived totals (ADR 0040) have a test of their own.
      MEAL_TOTALS_FRESH_SECONDS: '0',
      // The suites sign in hundreds of made-up users a minute, all from 127.0.0.1, and the e2e
      // journeys browse as the same demo admin side by side: more than any one person or
      // hostel does. Raised, not off, so every call still goes through the counters; the
      // limits themselves are tested with their own settings (functions/test/rate-limits.test.ts).
      RATE_LIMIT_TOKEN_EXCHANGES_PER_MINUTE: '100000',
      RATE_LIMIT_SIGNED_IN_READS_PER_MINUTE: '100000',
      RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '100000',
      SUITES: onEmulators.map((suite) => suite.name).join(','),
      WAIT_FOR_FILE: standaloneDone,
    },
  });
  // Also when the build failed: the standalone suites still report.
  await standaloneRun;
  rmSync(standaloneDone, { force: true });
}

// A suite that did not run to the end (the build failed, say) left no result file: a failure.
console.log('');
if (phases.length > 0) console.log(`build and emulators: ${phases.join(', ')}`);
const { passed, failed } = tallyResults(chosen);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
