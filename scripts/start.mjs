// `npm start`: builds the site and the API, starts the emulator suite, seeds the demo data
// when the database is empty, and runs until Ctrl-C.
//   EMULATOR_PORT_OFFSET=1100 npm start   the same on shifted ports
import { spawn } from 'node:child_process';
import {
  buildForEmulators,
  emulatorConfig,
  emulatorEnvironment,
  ensureDevelopmentSecrets,
  firebaseArgs,
  prepareEmulators,
  root,
} from './lib/emulators.mjs';

prepareEmulators();
ensureDevelopmentSecrets();
const { configPath, emulators } = emulatorConfig(Number(process.env.EMULATOR_PORT_OFFSET ?? 0));
if (!buildForEmulators(emulators)) process.exit(1);

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
