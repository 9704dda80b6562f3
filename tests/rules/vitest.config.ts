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
    // The files share one emulated database, reset to each group's seed when a test wrote.
    fileParallelism: false,
    // No second chance: a case that fails once is a fault in the rules or in the test.
    retry: 0,
  },
});
