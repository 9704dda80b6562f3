// Runs inside `firebase emulators:exec` for `npm start`: seeds, prints where to go, then
// keeps the emulators alive until Ctrl-C.
import { demoAccounts, demoPassword } from './lib/demo-data.mjs';
import { seedIfEmpty } from './lib/seed.mjs';

const seeded = await seedIfEmpty();
const site = process.env.HOSTING_URL;
console.log(`
  HostelHub is running ${seeded ? '(demo data seeded)' : '(existing data kept)'}

    Site:  ${site}
    API:   ${site}/api/meals?page=1&limit=6

  Demo accounts (password: ${demoPassword})
${demoAccounts.map((account) => `    ${account.email.padEnd(26)} ${account.description}`).join('\n')}

  Press Ctrl-C to stop.
`);
setInterval(() => {}, 1 << 30);
await new Promise(() => {});
