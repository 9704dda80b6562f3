// `npm start`: builds the site and the API, starts the emulator suite, seeds the demo data
// when the database is empty, and runs until Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import {
  emulatorConfig,
  emulatorEnvironment,
  ensureDevelopmentSecrets,
  firebaseArgs,
  prepareFirestoreEmulator,
  root,
} from './lib/emulators.mjs';

prepareFirestoreEmulator();
ensureDevelopmentSecrets();

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { configPath, emulators } = emulatorConfig(0);
const env = { ...process.env, ...emulatorEnvironment(emulators) };
const firebase = spawn(
  process.execPath,
  firebaseArgs('emulators:exec', configPath, ['node scripts/demo-session.mjs']),
  { cwd: root, env, stdio: 'inherit' },
);
const stop = () => firebase.kill('SIGINT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
firebase.on('exit', (code) => process.exit(code ?? 0));
