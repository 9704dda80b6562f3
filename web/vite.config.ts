import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// reactfire imports every Firebase SDK it wraps; the site uses its Auth and Firestore parts
// only. The others (Realtime Database alone would add ~40 kB gzip) resolve to stand-ins.
const unusedFirebaseSdks = ['database', 'functions', 'remote-config', 'storage'].map((sdk) => ({
  find: new RegExp(`^firebase/${sdk}$`),
  replacement: fileURLToPath(new URL('./src/lib/live/unused-firebase-sdks.ts', import.meta.url)),
}));

export default defineConfig({
  // Explicit, so the tests find their files when run from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...unusedFirebaseSdks],
  },
  build: {
    // Read by scripts/prerender.mjs to preload each prerendered page's own chunk.
    manifest: true,
    rolldownOptions: {
      // The early API reads of the prerendered pages: a script of its own (lib/early-requests.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'early-requests': fileURLToPath(new URL('./src/early-requests.ts', import.meta.url)),
      },
    },
  },
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
    include: ['src/**/*.test.{ts,tsx}'],
    // Typing with user-event in jsdom, lazy routes and dialog animations are slow on a busy
    // two-core machine.
    testTimeout: 30_000,
  },
});
