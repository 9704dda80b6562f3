// `npm run test:demo-data`: the demo keeps its data across restarts. Starts `npm start` on
// its own ports and data folder, adds a meal as the demo admin through the API, stops it
// with SIGINT, starts it again and finds the meal; then checks that --reset starts clean.
// Slow (three starts of the emulator suite, about two minutes), so it runs on its own, not
// in `npm test`. Builds once, for its ports; the later starts reuse that build.
//
//   EMULATOR_PORT_OFFSET=3400 npm run test:demo-data   (default offset 2200)
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { demoPassword } from './lib/demo-data.mjs';
import { emulatorConfig, root } from './lib/emulators.mjs';

const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 2200);
const dataDir = join(root, '.cache', `demo-data-test-${offset}`);
const { emulators } = emulatorConfig(offset);
const site = `http://${emulators.hosting.host}:${emulators.hosting.port}`;
const authUrl = `http://${emulators.auth.host}:${emulators.auth.port}`;

function fail(message) {
  console.error(`FAILED: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

/** Starts `npm start` and resolves once its banner is printed. */
function startDemo(args) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, EMULATOR_PORT_OFFSET: String(offset), DEMO_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no banner within 5 minutes')), 300_000);
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
      const banner = /HostelHub is running \((demo data seeded|saved data loaded)\)/.exec(output);
      if (banner) {
        clearTimeout(timer);
        resolve(banner[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`npm start exited early (${code})`)));
  });
  const stopped = new Promise((resolve) => child.on('exit', resolve));
  return { child, ready, stopped };
}

async function stopWithSigint(demo) {
  demo.child.kill('SIGINT');
  const code = await demo.stopped;
  if (code !== 0) fail(`npm start exited with ${code} after SIGINT`);
}

/** The API can answer a moment after the banner while the functions load: retry briefly. */
async function api(method, path, { token, body } = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`${site}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).catch(() => null);
    if (response && response.status < 500) return { status: response.status, body: await response.json() };
    if (attempt > 60) fail(`${method} ${path} kept failing (${response?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function adminApiToken() {
  const signIn = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@hostelhub.test', password: demoPassword, returnSecureToken: true }),
  }).then((response) => response.json());
  if (!signIn.idToken) fail(`demo admin could not sign in: ${JSON.stringify(signIn)}`);
  const minted = (await api('POST', '/jwt', { token: signIn.idToken, body: {} })).body;
  if (!minted.token) fail(`no API token: ${JSON.stringify(minted)}`);
  return minted.token;
}

const titleIsListed = async (title) => {
  const found = await api('GET', '/meals?page=1&limit=24&search=saved');
  return JSON.stringify(found.body).includes(title);
};

/** The menu shows today and the next 13 days, each with servings, and the member's reservation. */
async function checkDemoMenu(when) {
  const menu = (await api('GET', '/menu?days=14')).body;
  const empty = (menu.days ?? []).filter((day) => day.servings.length === 0).map((day) => day.date);
  if (menu.days?.length !== 14 || empty.length > 0) fail(`${when}: days without a menu: ${empty.join(', ')}`);
  const reserved = menu.days
    .slice(0, 2)
    .flatMap((day) => day.servings)
    .some((serving) => serving.reserved > 0);
  if (!reserved) fail(`${when}: no reservation for today or tomorrow`);
}

const title = `Saved Across Restarts ${Date.now().toString(36)}`;
let demo;
try {
  rmSync(dataDir, { recursive: true, force: true });
  demo = startDemo(['--reset']);
  if ((await demo.ready) !== 'demo data seeded') fail('a fresh start did not seed');
  await checkDemoMenu('a fresh start');
  const token = await adminApiToken();
  const added = await api('POST', '/add-meal', {
    token,
    body: {
      title,
      category: 'Dinner',
      image: 'https://images.example.test/saved.jpg',
      ingredients: 'Rice, lentils',
      description: 'Added before a restart.',
      price: 9.5,
      distributorName: 'Test Kitchen',
      distributorEmail: 'kitchen@hostelhub.test',
    },
  });
  if (added.status !== 201) fail(`adding the meal answered ${added.status}: ${JSON.stringify(added.body)}`);
  await stopWithSigint(demo);
  if (!existsSync(join(dataDir, 'firebase-export-metadata.json'))) fail(`nothing saved in ${dataDir}`);

  demo = startDemo(['--no-build']);
  if ((await demo.ready) !== 'saved data loaded') fail('the second start did not load the saved data');
  if (!(await titleIsListed(title))) fail('the meal added before the restart is not listed');
  await checkDemoMenu('a start on saved data');
  await stopWithSigint(demo);

  demo = startDemo(['--no-build', '--reset']);
  if ((await demo.ready) !== 'demo data seeded') fail('--reset did not start from fresh demo data');
  if (await titleIsListed(title)) fail('the meal survived --reset');
  await stopWithSigint(demo);
  console.log('\ndemo data: a meal added through the API survived SIGINT and a restart; --reset started clean');
  console.log('1 passed, 0 failed');
} catch (error) {
  demo?.child.kill('SIGINT');
  fail(error.message);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
