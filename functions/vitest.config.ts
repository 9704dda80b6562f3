import { defineConfig } from 'vitest/config';

// API integration tests: they call the API over HTTP on the emulator suite.
export default defineConfig({
  test: {
    root: __dirname,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Race tests put dozens of transactions on one document; the emulator serialises them.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Files share one emulated database; run them one at a time for predictable counts.
    fileParallelism: false,
  },
});
