// Runs inside `firebase emulators:exec`: every suite named in SUITES that needs the emulators.
// A failing suite does not stop the others; scripts/test.mjs reads their JSON results.
// With WAIT_FOR_FILE set, the suites start once that file exists: scripts/test.mjs writes it
// when the suites it runs beside the build and the emulators' start have finished, so those
// never compete with the emulator suites for the CPU.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './lib/emulators.mjs';
import { recordTime, suites } from './lib/suites.mjs';

const waitFor = process.env.WAIT_FOR_FILE;
if (waitFor && !existsSync(waitFor)) {
  console.log('\nThe emulators are up; waiting for the suites that run beside them (static, web) to end.');
  while (!existsSync(waitFor)) await sleep(250);
}

const wanted = new Set((process.env.SUITES ?? '').split(','));
for (const suite of suites.filter((entry) => entry.needsEmulators && wanted.has(entry.name))) {
  console.log(`\n=== ${suite.name} suite ===`);
  const started = Date.now();
  spawnSync(suite.command[0], suite.command.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
  recordTime(suite, (Date.now() - started) / 1000);
}
