// Runs beside `firebase emulators:start` for `npm start`: waits until the emulators answer,
// seeds the demo data when the database is empty, and prints where to go.
import { demoAccounts, demoPassword } from './lib/demo-data.mjs';
import { apiAnswers } from './lib/emulator-run.mjs';
import { seedIfEmpty } from './lib/seed.mjs';
import { startDemoMail } from './lib/demo-mail.mjs';

const site = process.env.HOSTING_URL;

/** Answers true once `url` responds at all. */
const answers = (url) =>
  fetch(url)
    .then(() => true)
    .catch(() => false);

/**
 * The demo is up when the Firestore and Auth emulators answer and the API's health check does
 * through the site (the functions load last).
 */
async function waitForEmulators(timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await Promise.all([
      answers(`http://${process.env.FIRESTORE_EMULATOR_HOST}/`),
      answers(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/`),
      apiAnswers(site),
    ]);
    if (up.every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('The emulators did not start in time');
}

await waitForEmulators();
const seeded = await seedIfEmpty();
// Emails: the schedules on their timetable, the mail collection delivered to a local inbox.
const mail = await startDemoMail(Number(process.env.EMULATOR_PORT_OFFSET ?? 0));
console.log(`
  HostelHub is running ${seeded ? '(demo data seeded)' : '(saved data loaded)'}

    Site:  ${site}
    Inbox: ${mail.inboxUrl} (every email the demo sends; nothing leaves this machine)
    API:   ${site}/api/meals?page=1&limit=6
    Data:  ${process.env.DEMO_DATA_DIR} (saved on Ctrl-C; npm run demo:reset starts clean)

  Demo accounts (password: ${demoPassword})
${demoAccounts.map((account) => `    ${account.email.padEnd(26)} ${account.description}`).join('\n')}
${process.env.DEMO_NOTES ? `\n  ${process.env.DEMO_NOTES.split('\n').join('\n  ')}\n` : ''}
  Press Ctrl-C to stop (the data is saved first; a killed process, e.g. SIGKILL, loses this run's changes).
`);
