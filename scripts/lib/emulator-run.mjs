// The one start-up sequence of the emulator suite, for every script that runs something on it
// (npm test, npm run bench), and the one readiness check of the API (GET /api/health).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildEnvironment,
  emulatorConfig,
  emulatorEnvironment,
  firebaseArgs,
  functionsDirectoryForRun,
  prepareEmulators,
  root,
} from './emulators.mjs';

/** Whether the API answers its health check through the site at `site` (HOSTING_URL). */
export async function apiAnswers(site) {
  try {
    return (await fetch(`${site}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** Runs a program to its end with the terminal as its output; resolves with its exit status. */
function run(file, args, options) {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Runs `command` (one shell command line) inside `firebase emulators:exec` on the ports of
 * EMULATOR_PORT_OFFSET: prepares the emulators, writes the functions secrets of this run alone
 * (ADR 8) and the shifted config, builds the API and the site for those ports, and exports the
 * suite's addresses (HOSTING_URL, FIRESTORE_EMULATOR_HOST...) plus `env` to the command.
 * Cleans up its config and secrets afterwards. Resolves with the command's exit status (1 when
 * the build failed). `typecheck: false` builds without the type checks, for a run whose
 * static suite checks the types already; `firestoreOnly` starts the Firestore emulator alone
 * and builds nothing (the rules suite needs no more); `onPhase(name, seconds)` hears how long
 * the build and the whole run on the emulators took.
 */
export async function runOnEmulators(
  command,
  { secrets, env = {}, typecheck = true, firestoreOnly = false, onPhase = () => {} },
) {
  const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
  prepareEmulators();
  const functionsSource = functionsDirectoryForRun(offset, secrets);
  const { configPath, emulators } = emulatorConfig(offset, functionsSource);
  try {
    if (!firestoreOnly) {
      const buildStarted = Date.now();
      const built = await run('npm', ['run', typecheck ? 'build' : 'bundle'], { env: buildEnvironment(emulators) });
      onPhase('build', (Date.now() - buildStarted) / 1000);
      if (built !== 0) return 1;
    }
    // Ctrl-C reaches the emulators too; wait for them to stop, then clean up.
    const ignoreInterrupt = () => {};
    process.on('SIGINT', ignoreInterrupt);
    try {
      const args = firebaseArgs('emulators:exec', configPath, [command], firestoreOnly ? 'firestore' : undefined);
      const runEnv = { ...process.env, ...emulatorEnvironment(emulators), ...env };
      const started = Date.now();
      const status = await run(process.execPath, args, { env: runEnv });
      onPhase('emulators', (Date.now() - started) / 1000);
      return status;
    } finally {
      process.off('SIGINT', ignoreInterrupt);
    }
  } finally {
    rmSync(configPath, { force: true });
    rmSync(join(root, functionsSource, '..'), { recursive: true, force: true });
  }
}
