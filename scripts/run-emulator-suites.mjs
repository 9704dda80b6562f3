// Runs inside `firebase emulators:exec`: every suite named in SUITES that needs the emulators.
// A failing suite does not stop the others; scripts/test.mjs reads their JSON results.
import { spawnSync } from 'node:child_process';
import { root } from './lib/emulators.mjs';
import { suites } from './lib/suites.mjs';

const wanted = new Set((process.env.SUITES ?? '').split(','));
for (const suite of suites.filter((entry) => entry.needsEmulators && wanted.has(entry.name))) {
  console.log(`\n=== ${suite.name} suite ===`);
  spawnSync(suite.command[0], suite.command.slice(1), { cwd: root, stdio: 'inherit', env: process.env });
}
