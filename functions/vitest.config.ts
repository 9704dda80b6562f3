import { defineConfig } from 'vitest/config';

// API integration tests, on the Auth and Firestore emulators, in two tiers (docs/architecture.md):
// - in-process: the Express app of the `api` function served in each test process
//   (test/support/in-process.mts), files side by side, each worker in a project of its own;
// - smoke: what only the deployed shape shows, through the Hosting emulator and the Functions
//   emulator (rewrites, the `pages` and `stripeWebhook` functions, the platform's body handling,
//   caching headers, a stalled database), one file at a time in the emulators' own project,
//   after the in-process files (the stall test pauses the Firestore emulator for everyone).
// The rush tests hold answers to a time (3 s for 60 at once): they run in process on their
// own, between the two, so that other files' work on the two cores is not what they measure.
const timed = ['test/rush.test.ts'];
const smoke = [
  'test/pages.test.ts',
  'test/caching.test.ts',
  'test/stripe-webhook-function.test.ts',
  'test/security.test.ts',
  'test/app-check.test.ts',
  'test/stall.test.ts',
];

// The restore drill (docs/deploy.md "Backups and recovery") seeds the demo data through the
// process's default Admin SDK app into a project of its own: a worker of its own, beside the
// in-process files (it waits on the emulator most of its time, as they do).
const drill = ['test/restore-drill.test.ts'];

const shared = {
  root: __dirname,
  // Race tests put dozens of transactions on one document; the emulator serialises them.
  testTimeout: 90_000,
  hookTimeout: 60_000,
  // A failing test fails: a fault that shows up under load one time in two is a fault to find.
  retry: 0,
};

export default defineConfig({
  test: {
    // Four workers on two cores: an API test spends most of its time waiting for the emulators.
    maxWorkers: 4,
    projects: [
      {
        test: {
          ...shared,
          name: 'in-process',
          // A worker's files share one module cache and one served app (support/in-process.mts):
          // loading the API for each file was half the suite's time. Their data is apart by
          // worker (a project each), and no file relies on a fresh module.
          isolate: false,
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...smoke, ...timed, ...drill],
          setupFiles: ['test/support/in-process.mts'],
          maxWorkers: 4,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'drill',
          include: drill,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'timed',
          include: timed,
          setupFiles: ['test/support/in-process.mts'],
          // A project of their own on the emulators: the queries of a rush read only its data,
          // not every in-process file's that ran before on the same worker's project.
          env: { API_TEST_PROJECT: 'timed' },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...shared,
          name: 'smoke',
          include: smoke,
          // One emulator project for them all: one file at a time, as on the deployed functions.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
