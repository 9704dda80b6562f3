import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { compileHints } from './compile-hints';

// reactfire imports every Firebase SDK it wraps; the site uses its Auth and Firestore parts
// only. The others (Realtime Database alone would add ~40 kB gzip) resolve to stand-ins.
const unusedFirebaseSdks = ['database', 'functions', 'remote-config', 'storage'].map((sdk) => ({
  find: new RegExp(`^firebase/${sdk}$`),
  replacement: fileURLToPath(new URL('./src/lib/live/unused-firebase-sdks.ts', import.meta.url)),
}));

/**
 * Writes dist/.vite/chunk-modules.json: the packages each chunk holds. `npm run bench` reads it
 * to check that a public page's first scripts hold no Firestore, reactfire or Stripe code.
 */
function chunkModules(): Plugin {
  return {
    name: 'hostelhub-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const names = Object.keys(output.modules)
          .map((id) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1])
          .filter((name): name is string => name !== undefined);
        packages[output.fileName] = [...new Set(names)].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(packages, null, 2),
      });
    },
  };
}

/**
 * The component tests that replace a module (`vi.mock`), relative to web/: each runs with its
 * own module cache (the `isolated` test project below). Found by reading them, so a new one
 * cannot land among the shared files by mistake.
 */
const isolatedTestFiles = (readdirSync(new URL('src', import.meta.url), { recursive: true }) as string[])
  .filter((path) => /\.test\.tsx?$/.test(path))
  .filter((path) => readFileSync(new URL(`src/${path}`, import.meta.url), 'utf8').includes('vi.mock('))
  .map((path) => `src/${path.replaceAll('\\', '/')}`);

/**
 * SITE_BUILD_DIR puts a build apart from web/dist (and the server bundle from web/.prerender):
 * the deploy's dry run builds the production site there while the emulators may be serving
 * web/dist (scripts/deploy.mjs); scripts/prerender.mjs reads the same variable.
 */
const apart = process.env.SITE_BUILD_DIR;
const outDir = (isSsrBuild: boolean | undefined) =>
  apart ? `${apart}/${isSsrBuild ? 'prerender' : 'dist'}` : isSsrBuild ? '.prerender' : 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  // Explicit, so the tests find their files when run from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), chunkModules(), compileHints()],
  // Set only by `npm start` without Stripe keys (scripts/lib/demo-stand-ins.mjs). A constant, so
  // a build without it drops the demo's Stripe.js stand-in altogether.
  define: { __DEMO_STRIPE_API_URL__: JSON.stringify(process.env.VITE_DEMO_STRIPE_API_URL ?? '') },
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...unusedFirebaseSdks],
  },
  build: {
    outDir: outDir(isSsrBuild),
    emptyOutDir: true,
    // Read by scripts/prerender.mjs to preload each prerendered page's own chunk.
    manifest: true,
    // No preload lists for lazy chunks: Vite's would put every lazy route's file names in the
    // first scripts (1.7 KB gzip of start's alone) and add a <link> per file from the page's
    // own take-over task. A public page's first chunks are preloaded by web/inline/load-site.js
    // from the server's list; a lazy page opened later fetches the few chunks it does not share
    // once it has been read.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What most public pages draw with. contracts' records.ts (a two-line lookup) is
              // here too: left to the chunker it went with the sign-in error messages, which
              // every public page then loaded for it.
              name: 'shared-ui',
              test: /web\/src\/components\/(meal-card|star-rating|form-field|empty-state|error-state|package-services)|web\/src\/lib\/(format|packages-query)\.ts|contracts\/src\/(catalog|memberships|records)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // The server renderer (src/prerender.tsx) carries its packages inside: the `pages` function
  // loads it from functions/lib/site, where no React is installed (ADR 0038).
  ssr: { noExternal: true },
  server: {
    // `npm run dev -w web` talks to the emulated API through the same /api path as Hosting.
    proxy: { '/api': 'http://127.0.0.1:5000' },
  },
  test: {
    // `npm test` runs Vitest from the repository root; the patterns below are relative to web/.
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    // Typing with user-event in jsdom, lazy routes and dialog animations are slow on a busy
    // two-core machine.
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine.
    maxWorkers: 2,
    // A worker's files share one jsdom and one module cache (ADR 73): setting both up for each
    // of 80 files was half the suite's time. The setup file still runs for each file (its
    // cleanup, the stand-in API's handlers). A file that replaces a module (vi.mock) gets its
    // own, since a module another file has loaded is not replaced.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          // The bench's budget arithmetic (scripts/lib/bench-budgets.mjs) too: CI does not run
          // the bench, so its ratios are checked here. So are the contracts' own tests (the
          // generated OpenAPI document): they need no emulator either. Set per project: a
          // project's lists add to the shared config's instead of replacing them.
          include: ['src/**/*.test.{ts,tsx}', '../scripts/lib/*.test.mjs', '../packages/contracts/src/**/*.test.ts'],
          exclude: isolatedTestFiles,
        },
      },
      { extends: true, test: { name: 'isolated', include: isolatedTestFiles } },
    ],
  },
}));
