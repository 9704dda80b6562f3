// `npm start`: builds the site and the API, starts the emulator suite with the demo data
// saved by the last run, seeds the demo data only when the database is empty, and runs
// until Ctrl-C (or SIGTERM), when the emulators save their data for the next start.
//   npm run demo:reset                    the same, starting from fresh demo data
//   EMULATOR_PORT_OFFSET=1100 npm start   the same on shifted ports
//   node scripts/start.mjs --no-build     reuse the last build (built for the same ports)
//   DEMO_DATA_DIR=<dir>                   where the data is saved (default .demo-data/)
// Without Stripe keys or an image host it runs the demo's stand-ins for them
// (scripts/lib/demo-stand-ins.mjs).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  buildForEmulators,
  emulatorConfig,
  emulatorEnvironment,
  ensureDevelopmentSecrets,
  firebaseArgs,
  prepareEmulators,
  root,
} from './lib/emulators.mjs';
import { planDemoStandIns } from './lib/demo-stand-ins.mjs';

const flags = new Set(process.argv.slice(2));
const dataDir = resolve(root, process.env.DEMO_DATA_DIR ?? '.demo-data');

prepareEmulators();
ensureDevelopmentSecrets();
const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
const standIns = planDemoStandIns(offset, dataDir);
const { configPath, emulators } = emulatorConfig(offset, standIns.functionsSource, standIns.cspSources);
if (!flags.has('--no-build') && !buildForEmulators(emulators, standIns.buildEnv)) process.exit(1);

if (flags.has('--reset')) {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Demo data reset: ${dataDir} removed.`);
}
// An export is complete once its metadata file is written; anything else is not imported.
const saved = existsSync(join(dataDir, 'firebase-export-metadata.json'));
const persistence = [...(saved ? [`--import=${dataDir}`] : []), `--export-on-exit=${dataDir}`];

const env = { ...process.env, ...emulatorEnvironment(emulators), ...standIns.emulatorEnv };
const running = await standIns.start(env.FUNCTIONS_URL);
// emulators:start, not exec: it saves the data on SIGINT/SIGTERM and then exits. The demo
// session (seed and banner) runs beside it once the emulators answer.
const firebase = spawn(process.execPath, firebaseArgs('emulators:start', configPath, persistence), {
  cwd: root,
  env,
  stdio: 'inherit',
  // Its own process group: Ctrl-C in the terminal reaches only this script, which passes on
  // exactly one SIGINT. A second signal within moments would make firebase-tools skip the save.
  detached: true,
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.log(`\nSaving the demo data to ${dataDir} before stopping...`);
  firebase.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const session = spawn(process.execPath, [join(root, 'scripts', 'demo-session.mjs')], {
  cwd: root,
  env: { ...env, DEMO_DATA_DIR: dataDir, DEMO_DATA_IMPORTED: saved ? '1' : '', DEMO_NOTES: running.banner.join('\n') },
  stdio: 'inherit',
});
session.on('exit', (code) => {
  if (code !== 0 && !stopping) {
    console.error('The demo session failed; stopping the emulators.');
    stop();
  }
});
firebase.on('exit', (code) => {
  session.kill();
  // The emulators' save replaced the data folder; the stand-ins' state joins it.
  if (stopping && code === 0) running.saveAfterExport();
  void running.close().finally(() => process.exit(stopping ? 0 : (code ?? 1)));
});
