// Builds lib/index.js, the file the Functions emulator and Cloud Functions load. The API's
// own code and @hostelhub/contracts are bundled into it; the packages in `dependencies` stay
// external and are installed beside it at deploy time. The contracts package is a workspace
// that exists only in this repository, so it cannot be installed there
// (docs/decisions/0007-contracts-package-bundled-into-functions.md).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'rolldown';

const here = new URL('.', import.meta.url);
const { dependencies } = JSON.parse(readFileSync(new URL('package.json', here), 'utf8'));
const external = [...Object.keys(dependencies), ...builtinModules];
const isExternal = (id) => id.startsWith('node:') || external.some((name) => id === name || id.startsWith(`${name}/`));

await build({
  input: new URL('src/index.ts', here).pathname,
  platform: 'node',
  external: isExternal,
  tsconfig: new URL('tsconfig.build.json', here).pathname,
  logLevel: 'warn',
  output: {
    file: new URL('lib/index.js', here).pathname,
    format: 'cjs',
    sourcemap: true,
  },
});

// Files of older builds go after the new bundle is written, not before: a suite running
// beside this build keeps loading a complete lib/index.js.
// lib/site is the site's server renderer, written by the web build (web/scripts/prerender.mjs).
const bundle = new Set(['index.js', 'index.js.map', 'site']);
for (const entry of readdirSync(new URL('lib', here))) {
  if (!bundle.has(entry)) rmSync(new URL(`lib/${entry}`, here), { recursive: true, force: true });
}
