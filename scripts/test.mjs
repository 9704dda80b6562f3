// `npm test`: builds, runs the web component tests, then starts the emulator suite and runs
// the API, rules and end-to-end suites against it. Ends with one line of totals.
//
//   SUITES=api,rules npm test          run only some suites (static, web, api, rules, e2e)
//   EMULATOR_PORT_OFFSET=1100 npm test shift every emulator port (parallel runs on one machine;
//   keep the hosting port off the ports fetch refuses, such as 6000)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildForEmulators,
  emulatorConfig,
  emulatorEnvironment,
  firebaseArgs,
  functionsDirectoryForRun,
  prepareEmulators,
  root,
} from './lib/emulators.mjs';
import { fakeStripe } from './lib/stripe-test-mode.mjs';
import { suites, tallyResults } from './lib/suites.mjs';

const selected = (process.env.SUITES ?? suites.map((suite) => suite.name).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
const artifacts = join(root, 'artifacts');
mkdirSync(artifacts, { recursive: true });

prepareEmulators();
// Secrets made for this run alone, in the run's own functions directory: side-by-side runs
// and a running demo never see each other's keys.
const stripe = fakeStripe(offset);
const jwtSecret = randomBytes(32).toString('hex');
const functionsSource = functionsDirectoryForRun(offset, { JWT_SECRET: jwtSecret, ...stripe.secrets });
const { configPath, emulators } = emulatorConfig(offset, functionsSource);

const run = (command, args, env = process.env) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

// The site under test has a (fake) publishable key; Stripe.js is answered by a stand-in in e2e.
process.env.VITE_STRIPE_PUBLISHABLE_KEY ??= 'pk_test_local_stand_in';
if (!buildForEmulators(emulators)) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const chosen = suites.filter((suite) => selected.includes(suite.name));
for (const suite of chosen) rmSync(suite.resultFile, { force: true });

const standalone = chosen.filter((suite) => !suite.needsEmulators);
for (const suite of standalone) {
  const status = run(suite.command[0], suite.command.slice(1));
  // A plain command has no report of its own: its exit status is its one result.
  if (suite.kind === 'command') writeFileSync(suite.resultFile, JSON.stringify({ ok: status === 0 }));
}

const onEmulators = chosen.filter((suite) => suite.needsEmulators);
if (onEmulators.length > 0) {
  // Ctrl-C reaches the emulators too; wait for them to stop, then clean up.
  const ignoreInterrupt = () => {};
  process.on('SIGINT', ignoreInterrupt);
  try {
    const env = {
      ...process.env,
      ...emulatorEnvironment(emulators),
      ...stripe.env,
      // The suites sign tokens with the API's key to test forged and expired ones.
      JWT_SECRET: jwtSecret,
      // Concurrent requests each start a function worker; on a busy machine loading them
      // takes longer than the emulator's default 30 s, after which it drops the request.
      FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
      SUITES: onEmulators.map((suite) => suite.name).join(','),
    };
    run(process.execPath, firebaseArgs('emulators:exec', configPath, ['node scripts/run-emulator-suites.mjs']), env);
  } finally {
    process.off('SIGINT', ignoreInterrupt);
  }
}
rmSync(configPath, { force: true });
rmSync(join(root, functionsSource, '..'), { recursive: true, force: true });

const { passed, failed } = tallyResults(chosen);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
