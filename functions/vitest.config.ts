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
    // In CI a test that fails is run once more: these tests time real HTTP, transactions and a
    // paused emulator on a shared machine, and one slow minute must not lose a submission. A test
    // that fails twice still fails; the default reporter marks one that passed on its retry.
    retry: process.env.CI ? 1 : 0,
  },
});
