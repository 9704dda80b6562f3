// `npm test`: runs the static checks and the web component tests, then (when an emulator
// suite is chosen) builds, starts the emulator suite and runs the API, rules and end-to-end
// suites against it. Ends with one line of totals.
//
//   SUITES=api,rules npm test          run only some suites (static, web, api, rules, e2e)
//   SUITES=static,web npm test         the fast loop: no build, no emulators
//   EMULATOR_PORT_OFFSET=1100 npm test shift every emulator port (parallel runs on one machine;
//   keep the hosting port off the ports fetch refuses, such as 6000)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOnEmulators } from './lib/emulator-run.mjs';
import { root } from './lib/emulators.mjs';
import { fakeStripe } from './lib/stripe-test-mode.mjs';
import { suites, tallyResults } from './lib/suites.mjs';

const selected = (process.env.SUITES ?? suites.map((suite) => suite.name).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
mkdirSync(join(root, 'artifacts'), { recursive: true });

const chosen = suites.filter((suite) => selected.includes(suite.name));
for (const suite of chosen) rmSync(suite.resultFile, { force: true });

// The static checks and the component tests need no build and no emulators: they run first.
const standalone = chosen.filter((suite) => !suite.needsEmulators);
for (const suite of standalone) {
  const status = spawnSync(suite.command[0], suite.command.slice(1), { cwd: root, stdio: 'inherit' }).status ?? 1;
  // A plain command has no report of its own: its exit status is its one result.
  if (suite.kind === 'command') writeFileSync(suite.resultFile, JSON.stringify({ ok: status === 0 }));
}

const onEmulators = chosen.filter((suite) => suite.needsEmulators);
if (onEmulators.length > 0) {
  // Secrets made for this run alone: side-by-side runs and a running demo never see each
  // other's keys. The site under test has a (fake) publishable key; Stripe.js is answered by
  // a stand-in in e2e.
  const stripe = fakeStripe(offset);
  const jwtSecret = randomBytes(32).toString('hex');
  const passSecret = randomBytes(32).toString('hex');
  const mailLinkSecret = randomBytes(32).toString('hex');
  process.env.VITE_STRIPE_PUBLISHABLE_KEY ??= 'pk_test_local_stand_in';
  runOnEmulators('node scripts/run-emulator-suites.mjs', {
    secrets: { JWT_SECRET: jwtSecret, PASS_SECRET: passSecret, MAIL_LINK_SECRET: mailLinkSecret, ...stripe.secrets },
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
    },
  });
}

// A suite that did not run to the end (the build failed, say) left no result file: a failure.
const { passed, failed } = tallyResults(chosen);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
