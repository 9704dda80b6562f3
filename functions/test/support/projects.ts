// The emulator projects the API suite's data lives in. The Auth and Firestore emulators keep
// each project's data apart, so each in-process worker gets a project of its own and test
// files run side by side without seeing each other's users, meals or counters.

/** The project the emulator suite runs as: the Functions emulator's API and `pages` use it. */
export const emulatorProjectId = 'demo-hostel-meals';

/** The project of one vitest worker (VITEST_POOL_ID); `demo-` keeps the emulators offline. */
export const workerProjectId = (worker: string) => `demo-hostel-api-${worker}`;
