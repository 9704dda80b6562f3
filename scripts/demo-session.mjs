// Runs beside `firebase emulators:start` for `npm start`: waits until the emulators answer,
// seeds the demo data when the database is empty, and prints where to go.
import { demoAccounts, demoPassword } from './lib/demo-data.mjs';
import { seedIfEmpty } from './lib/seed.mjs';

const site = process.env.HOSTING_URL;

/** Answers true once `url` responds (with a 2xx when `ok` is asked for). */
const answers = (url, ok = false) =>
  fetch(url)
    .then((response) => !ok || response.ok)
    .catch(() => false);

/**
 * The demo is up when the Firestore and Auth emulators answer and the API does through the
 * site (the functions load last).
 */
async function waitForEmulators(timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await Promise.all([
      answers(`http://${process.env.FIRESTORE_EMULATOR_HOST}/`),
      answers(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/`),
      answers(`${site}/api/meals?page=1&limit=1`, true),
    ]);
    if (up.every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('The emulators did not start in time');
}

await waitForEmulators();
const seeded = await seedIfEmpty();
console.log(`
  HostelHub is running ${seeded ? '(demo data seeded)' : '(saved data loaded)'}

    Site:  ${site}
    API:   ${site}/api/meals?page=1&limit=6
    Data:  ${process.env.DEMO_DATA_DIR} (saved on Ctrl-C; npm run demo:reset starts clean)

  Demo accounts (password: ${demoPassword})
${demoAccounts.map((account) => `    ${account.email.padEnd(26)} ${account.description}`).join('\n')}

  Press Ctrl-C to stop (the data is saved first; a killed process, e.g. SIGKILL, loses this run's changes).
`);
