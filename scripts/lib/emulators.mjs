// Shared set-up for every script that runs the Firebase emulator suite:
// the Firestore emulator launcher, the functions' secrets and the port layout.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const projectId = 'demo-hostel-meals';

const debianPackage = 'google-cloud-cli-firestore-emulator';
const emulatorMainClass = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

function findDebianFirestoreJar() {
  try {
    const files = execFileSync('dpkg', ['-L', debianPackage], { encoding: 'utf8' });
    return files.split('\n').find((line) => line.endsWith('/cloud-firestore-emulator.jar')) ?? null;
  } catch {
    return null;
  }
}

/**
 * firebase-tools downloads the Firestore emulator JAR, which machines without internet
 * cannot do. When Google's Debian package is installed we point firebase-tools at a
 * launcher JAR whose manifest runs the packaged emulator (that JAR has no Main-Class).
 * With the variable already set, or without the package, firebase-tools is left alone.
 */
function prepareFirestoreEmulator() {
  if (process.env.FIRESTORE_EMULATOR_BINARY_PATH) return;
  const emulatorJar = findDebianFirestoreJar();
  if (!emulatorJar) return;
  const dir = join(root, '.cache', 'firestore-launcher');
  const launcher = join(dir, 'launcher.jar');
  const manifest = `Main-Class: ${emulatorMainClass}\nClass-Path: file:${emulatorJar}\n`;
  const manifestPath = join(dir, 'manifest.txt');
  if (!existsSync(launcher) || readFileSync(manifestPath, 'utf8') !== manifest) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(manifestPath, manifest);
    execFileSync('jar', ['cfm', launcher, manifestPath], { cwd: dir, stdio: 'inherit' });
  }
  process.env.FIRESTORE_EMULATOR_BINARY_PATH = launcher;
}

/** Stands for "no Stripe key configured"; the functions treat anything that is not a key so. */
export const notConfigured = 'not-configured';
export const developmentSecretsFile = join(root, 'functions', '.secret.local');

const secretsText = (secrets) =>
  Object.entries(secrets)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n') + '\n';

/**
 * The functions emulator reads secrets from functions/.secret.local, which `npm start` uses:
 * each machine gets its own random development values, and a value already present is kept.
 *
 * An empty value is not enough for a secret the functions declare: the emulator treats it
 * as missing and asks Google Secret Manager for it (an error on every function start, and a
 * network call this machine cannot make). Stripe keys therefore get a placeholder, and so
 * do values left empty by earlier versions of this script.
 */
export function ensureDevelopmentSecrets() {
  const current = existsSync(developmentSecretsFile) ? readFileSync(developmentSecretsFile, 'utf8') : '';
  const defaults = {
    JWT_SECRET: () => randomBytes(32).toString('hex'),
    // Meal passes' signing key (ADR 0034).
    PASS_SECRET: () => randomBytes(32).toString('hex'),
    // Unsubscribe links' signing key (lib/mail-links.ts).
    MAIL_LINK_SECRET: () => randomBytes(32).toString('hex'),
    // No Stripe keys: `npm start` runs the demo's Stripe stand-in with throw-away keys of its
    // own (scripts/lib/demo-stand-ins.mjs) until real test keys are set here.
    STRIPE_SECRET_KEY: () => notConfigured,
    STRIPE_WEBHOOK_SECRET: () => notConfigured,
  };
  const kept = current
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => !/^[A-Z_]+=\s*$/.test(line));
  const defined = new Set(kept.map((line) => line.split('=')[0].trim()));
  const added = Object.entries(defaults)
    .filter(([name]) => !defined.has(name))
    .map(([name, make]) => `${name}=${make()}`);
  const next = [...kept, ...added].join('\n') + '\n';
  if (next !== current) writeFileSync(developmentSecretsFile, next);
}

/**
 * The API's secret (JWT_SECRET) as the functions see it: this run's (the test runner sets it
 * in the environment) or the demo's in functions/.secret.local. The seed keys review ids
 * with it, as the API does.
 */
export function apiSecret() {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  ensureDevelopmentSecrets();
  const line = readFileSync(developmentSecretsFile, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('JWT_SECRET='));
  return line.slice('JWT_SECRET='.length).trim();
}

/**
 * A functions directory of this run's own: links to functions/package.json and the built
 * functions/lib, beside a .secret.local holding `secrets`. The emulator reads secrets only
 * from the functions directory it loads, so this is how a test run gets throw-away secrets
 * without touching functions/.secret.local, which a demo or another run may be using.
 * Returns the directory, relative to the repository (as firebase.json names sources).
 */
export function functionsDirectoryForRun(offset, secrets) {
  const dir = join(root, '.cache', `run-${offset}`, 'functions');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ['package.json', 'lib']) symlinkSync(join(root, 'functions', entry), join(dir, entry));
  writeFileSync(join(dir, '.secret.local'), secretsText(secrets), { mode: 0o600 });
  return relative(root, dir);
}

/**
 * The site built for the emulators talks to the Auth emulator (its REST calls and its sign-in
 * iframe) and reads live data from the Firestore emulator, which production's
 * Content-Security-Policy rightly does not allow. Only the emulator config gets those origins
 * added: both to connect-src, the Auth emulator to frame-src; `extraSources` adds the demo's
 * stand-ins (scripts/lib/demo-stand-ins.mjs), e.g. { 'connect-src': [...], 'img-src': [...] }.
 */
function allowEmulators(hosting, emulators, extraSources = {}) {
  const origin = (name) => `http://${emulators[name].host}:${emulators[name].port}`;
  const added = { 'connect-src': [origin('auth'), origin('firestore')], 'frame-src': [origin('auth')] };
  for (const [directive, sources] of Object.entries(extraSources)) {
    added[directive] = [...(added[directive] ?? []), ...sources];
  }
  const widen = (policy) =>
    policy
      .split(';')
      .map((directive) => directive.trim())
      .map((directive) => {
        const name = directive.split(' ')[0];
        return added[name] ? [directive, ...added[name]].join(' ') : directive;
      })
      .join('; ');
  return {
    ...hosting,
    headers: hosting.headers?.map((rule) => ({
      ...rule,
      headers: rule.headers.map((header) =>
        header.key === 'Content-Security-Policy' ? { ...header, value: widen(header.value) } : header,
      ),
    })),
  };
}

/**
 * Writes the emulator suite's config (git-ignored, beside firebase.json so its relative paths
 * hold): firebase.json with every port shifted by `offset`, so several suites can run on one
 * machine at once, the functions loaded from `functionsSource` when given, and the Auth and
 * Firestore emulators (and `extraSources`) allowed by the Content-Security-Policy.
 */
export function emulatorConfig(offset = 0, functionsSource = null, extraSources = {}) {
  const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const emulators = structuredClone(base.emulators);
  for (const settings of Object.values(emulators)) {
    if (typeof settings.port === 'number') settings.port += offset;
    if (typeof settings.websocketPort === 'number') settings.websocketPort += offset;
  }
  const functions = functionsSource
    ? base.functions.map((codebase) => ({ ...codebase, source: functionsSource }))
    : base.functions;
  const configPath = join(root, `firebase.test-${offset}.json`);
  const config = { ...base, functions, hosting: allowEmulators(base.hosting, emulators, extraSources), emulators };
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  return { configPath, emulators };
}

/** Addresses of the running suite, exported to the scripts and tests that talk to it. */
export function emulatorEnvironment(emulators) {
  const at = (name) => `${emulators[name].host}:${emulators[name].port}`;
  return {
    GCLOUD_PROJECT: projectId,
    HOSTING_URL: `http://${at('hosting')}`,
    FUNCTIONS_URL: `http://${at('functions')}/${projectId}/us-central1`,
    FIRESTORE_EMULATOR_HOST: at('firestore'),
    FIREBASE_AUTH_EMULATOR_HOST: at('auth'),
  };
}

/** The `firebase` command of the firebase-tools devDependency, as its package declares it. */
export function firebaseBin() {
  const require = createRequire(join(root, 'package.json'));
  const manifestPath = require.resolve('firebase-tools/package.json');
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return join(dirname(manifestPath), typeof bin === 'string' ? bin : bin.firebase);
}

/**
 * The argument list (after `node`) for `firebase emulators:exec` or `emulators:start`, with
 * the emulators `only` names (all four unless told).
 */
export function firebaseArgs(command, configPath, extra = [], only = 'auth,firestore,functions,hosting') {
  return [firebaseBin(), command, '--project', projectId, '--config', configPath, '--only', only, ...extra];
}

/** Everything the emulator suite needs on this machine before it starts. */
export function prepareEmulators() {
  prepareFirestoreEmulator();
  // Each suite gets its own temp dir, so runs on other ports keep their own hub files.
  const offset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
  process.env.TMPDIR = join(root, '.cache', `tmp-${offset}`);
  mkdirSync(process.env.TMPDIR, { recursive: true });
}

/**
 * The environment the API and the site are built in. The site is built to sign in against
 * this suite's Auth emulator and to read live data from its Firestore emulator; a production
 * build (npm run build without them) talks to real Firebase Auth and Firestore. `extraEnv`:
 * the demo's stand-ins (scripts/lib/demo-stand-ins.mjs), which only `npm start` passes.
 */
export function buildEnvironment(emulators, extraEnv = {}) {
  return {
    ...process.env,
    ...extraEnv,
    VITE_AUTH_EMULATOR_URL: `http://${emulators.auth.host}:${emulators.auth.port}`,
    VITE_FIRESTORE_EMULATOR_HOST: `${emulators.firestore.host}:${emulators.firestore.port}`,
  };
}

/** Builds the API and the site for the emulators (see buildEnvironment). */
export function buildForEmulators(emulators, extraEnv = {}) {
  const env = buildEnvironment(emulators, extraEnv);
  return spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env }).status === 0;
}
