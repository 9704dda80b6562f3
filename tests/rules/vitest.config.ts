import { defineConfig } from 'vitest/config';

// Firestore security rules tests: the web SDK against the Firestore emulator, under a
// project id of their own so they never touch the app's data.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['./support/coverage-report.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The files share one emulated database and clear it before each test.
    fileParallelism: false,
    // As the API suite: in CI a failed test runs once more, so one slow emulator answer on a
    // shared machine does not fail the run; a rule that is wrong fails both times.
    retry: process.env.CI ? 1 : 0,
  },
});
