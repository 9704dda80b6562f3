// Runs inside `firebase emulators:exec`: every suite named in SUITES that needs the emulators.
// A failing suite does not stop the others; scripts/test.mjs reads their JSON results.
// With WAIT_FOR_FILE set, the suites start once that file exists: scripts/test.mjs writes it
// when the suites it runs beside the build and the emulators' start have finished, so those
// never compete with the emulator suites for the CPU.
//
// The rules suite runs beside the API suite: the API suite waits on the emulators for a third
// of its time (its one-at-a-time smoke files, the rush measured alone), and the rules suite
// (its own project on the Firestore emulator, about 25 s) fills that wait. It ends long before
// the API suite's last file pauses the Firestore emulator (test/stall.test.ts), and a test of
// its own would only wait out the pause: its timeout is longer. Its output is printed in one
// piece when it ends. The journeys run last, alone: they keep both cores busy.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './lib/emulators.mjs';
import { recordTime, suites } from './lib/suites.mjs';

const waitFor = process.env.WAIT_FOR_FILE;
if (waitFor && !existsSync(waitFor)) {
  console.log('\nThe emulators are up; waiting for the suites that run beside them (static, web) to end.');
  while (!existsSync(waitFor)) await sleep(250);
}

/** Runs a suite and keeps its time; `quietly`: its output goes to artifacts/<name>.log, printed at its end. */
async function runSuite(suite, { quietly }) {
  const started = Date.now();
  const logPath = join(root, 'artifacts', `${suite.name}.log`);
  const log = quietly ? openSync(logPath, 'w') : null;
  if (!quietly) console.log(`\n=== ${suite.name} suite ===`);
  await new Promise((resolve) => {
    const child = spawn(suite.command[0], suite.command.slice(1), {
      cwd: root,
      stdio: quietly ? ['ignore', log, log] : 'inherit',
      env: process.env,
    });
    child.on('error', resolve);
    child.on('exit', resolve);
  });
  recordTime(suite, (Date.now() - started) / 1000);
  if (log !== null) {
    closeSync(log);
    console.log(`\n=== ${suite.name} suite (artifacts/${suite.name}.log) ===\n${readFileSync(logPath, 'utf8')}`);
  }
}

const wanted = new Set((process.env.SUITES ?? '').split(','));
const chosen = suites.filter((entry) => entry.needsEmulators && wanted.has(entry.name));
const stages = [chosen.filter((suite) => suite.name !== 'e2e'), chosen.filter((suite) => suite.name === 'e2e')];
for (const stage of stages) {
  // The first of a stage prints as it goes; the others wait for their end.
  await Promise.all(stage.map((suite, index) => runSuite(suite, { quietly: index > 0 })));
}
