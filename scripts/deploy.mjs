// `npm run deploy`: HostelHub to a real Firebase project, in one command (docs/deploy.md).
//
//   npm run deploy -- --config deploy/<project>.json [--project <id>] [--region <region>]
//   npm run deploy -- --dry-run            every check and every step, deploying nothing
//                                          (deploy/sample.json unless --config names another)
//
// It refuses to go on when a secret is missing or weak, the site's settings are incomplete,
// the functions differ from functions/deploy-shape.json or the built site holds an emulator
// address or a demo stand-in. Secrets come from the shell or the config's `secretsFile`
// (git-ignored); they are sent to Secret Manager on standard input, never on a command line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createJiti } from 'jiti';
import { firebaseBin, notConfigured, root } from './lib/emulators.mjs';
import { readEnvFile } from './lib/env-file.mjs';
import { readManifest, readShapeTable, shapeDifferences, undeclaredSecretReads } from './lib/functions-manifest.mjs';
import { cspProblems, siteProblems } from './lib/site-check.mjs';

const { values: flags } = parseArgs({
  options: {
    'dry-run': { type: 'boolean', default: false },
    config: { type: 'string' },
    project: { type: 'string' },
    region: { type: 'string' },
  },
});
const dryRun = flags['dry-run'];

/** A Cloud Storage bucket's name (no `gs://`), as functions/src/features/backups/firestore-export.ts takes it. */
const bucketName = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;
/** Days the nightly Firestore exports are kept before the bucket's lifecycle rule deletes them. */
export const backupRetentionDays = 30;

/** The collections of counters that Firestore's TTL policies empty (field `expiresAt`). */
export const ttlCollections = ['rateLimits', 'passCodes'];

/** The secrets the functions declare, and what each must look like. */
const secretRules = {
  JWT_SECRET: { required: true, minBytes: 32 },
  PASS_SECRET: { required: true, minBytes: 32 },
  MAIL_LINK_SECRET: { required: true, minBytes: 32 },
  STRIPE_SECRET_KEY: {
    required: false,
    pattern: /^[sr]k_(test|live)_[A-Za-z0-9]+$/,
    looksLike: 'sk_live_... or sk_test_...',
  },
  STRIPE_WEBHOOK_SECRET: { required: false, pattern: /^whsec_[A-Za-z0-9]+$/, looksLike: 'whsec_...' },
};

/** The site's build settings a config may set (web/.env.example explains each). */
const siteSettings = {
  VITE_FIREBASE_API_KEY: { required: true },
  VITE_FIREBASE_APP_ID: { required: true },
  VITE_FIREBASE_AUTH_DOMAIN: { required: false, pattern: /^[a-z0-9.-]+\.[a-z]{2,}$/, looksLike: 'a host name' },
  VITE_STRIPE_PUBLISHABLE_KEY: {
    required: false,
    pattern: /^pk_(test|live)_[A-Za-z0-9]+$/,
    looksLike: 'pk_live_... or pk_test_...',
  },
  VITE_IMAGE_UPLOAD_URL: { required: false, pattern: /^https:\/\/[^\s]+$/, looksLike: 'an https address' },
  VITE_APP_CHECK_SITE_KEY: { required: false },
  VITE_FCM_VAPID_KEY: {
    required: false,
    pattern: /^[A-Za-z0-9_-]{80,100}$/,
    looksLike: 'the Web Push certificate key pair (Cloud Messaging settings)',
  },
  VITE_API_URL: { required: false },
};
/** Set by the project's scripts for the emulators and the demo only: empty in a production build. */
const emulatorOnlySettings = ['VITE_AUTH_EMULATOR_URL', 'VITE_FIRESTORE_EMULATOR_HOST', 'VITE_DEMO_STRIPE_API_URL'];

const problems = [];
const refuse = (message) => problems.push(message);
let stepNumber = 0;
/** Prints a step; the same titles, in the same order, are the steps in docs/deploy.md. */
const step = (title) => console.log(`\n${(stepNumber += 1)}. ${title}`);
const say = (line) => console.log(`   ${line}`);
/** Stops with every refusal so far, if any. */
function stopOnProblems() {
  if (problems.length === 0) return;
  console.error(`\nRefused${dryRun ? ' (dry run)' : ''}:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
/** Runs a command (or, in a dry run, prints it); the value goes in on standard input. */
function run(display, command, args, options = {}) {
  say(`$ ${display}`);
  if (dryRun && !options.alsoInDryRun) return;
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: [options.input ? 'pipe' : 'inherit', 'inherit', 'inherit'],
    ...options,
  });
  if (result.status !== 0) {
    console.error(`\n${display} failed (exit ${result.status}).`);
    process.exit(1);
  }
}

// --- 1. The project's settings -------------------------------------------------------------
step('Check the project settings');
const configPath = resolve(root, flags.config ?? (dryRun ? 'deploy/sample.json' : ''));
if (!flags.config && !dryRun) {
  refuse('name the project config: npm run deploy -- --config deploy/<project>.json (copy deploy/sample.json)');
  stopOnProblems();
}
if (!existsSync(configPath)) {
  refuse(`${relative(root, configPath)}: no such config`);
  stopOnProblems();
}
const config = JSON.parse(readFileSync(configPath, 'utf8'));
const projectId = flags.project ?? config.projectId ?? '';
const region = flags.region ?? config.region ?? '';
if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(projectId)) refuse(`projectId: "${projectId}" is not a Firebase project id`);
if (projectId.startsWith('demo-'))
  refuse(`projectId: ${projectId} is a demo project, which exists only on the emulators`);
if (!/^[a-z]+-[a-z]+\d+$/.test(region))
  refuse(`region: "${region}" is not a Cloud Functions region (e.g. us-central1)`);
// The nightly Firestore export's bucket (docs/deploy.md "Backups and recovery"): without one
// the backup function would run every night and export nothing.
const backupBucket = (config.backupBucket ?? '').trim();
if (!backupBucket) refuse('backupBucket: missing (the Cloud Storage bucket for the nightly Firestore export)');
else if (!bucketName.test(backupBucket))
  refuse(`backupBucket: "${backupBucket}" is not a bucket name (lower case, 3-63 characters, no gs://)`);
if (config.dryRunOnly && !dryRun)
  refuse(`${relative(root, configPath)} is a sample for --dry-run: copy it for your project`);
const site = { ...config.site };
site.VITE_FIREBASE_AUTH_DOMAIN ||= `${projectId}.firebaseapp.com`;
for (const [name, value] of Object.entries(site)) {
  const rule = siteSettings[name];
  if (!rule) refuse(`site.${name}: not a setting of a production build (web/.env.example lists them)`);
  else if (value && rule.pattern && !rule.pattern.test(value)) refuse(`site.${name}: should be ${rule.looksLike}`);
}
for (const [name, rule] of Object.entries(siteSettings)) {
  if (rule.required && !site[name]) refuse(`site.${name}: missing (Firebase console, Project settings, Your apps)`);
}
say(`${relative(root, configPath)}: project ${projectId}, region ${region}`);
say(`backups: gs://${backupBucket}/firestore/ every night`);

// --- 2. The secrets ------------------------------------------------------------------------
step('Check the secrets');
const secretsFile = config.secretsFile ? resolve(root, config.secretsFile) : null;
const fromFile = secretsFile ? readEnvFile(secretsFile) : {};
const secrets = {};
for (const [name, rule] of Object.entries(secretRules)) {
  const value = (process.env[name] ?? fromFile[name] ?? '').trim();
  if (!value || value === notConfigured) {
    if (rule.required) refuse(`${name}: missing (set it in the shell or in the config's secretsFile)`);
    // The functions declare every secret, so one must exist: a placeholder turns payments off.
    secrets[name] = notConfigured;
    continue;
  }
  if (rule.minBytes && Buffer.byteLength(value) < rule.minBytes) {
    refuse(`${name}: ${Buffer.byteLength(value)} bytes; at least ${rule.minBytes} (e.g. \`openssl rand -hex 32\`)`);
  }
  if (rule.pattern && !rule.pattern.test(value)) refuse(`${name}: does not look like a Stripe key (${rule.looksLike})`);
  secrets[name] = value;
}
// A leak of one signing key must not give away another.
const signingKeys = ['JWT_SECRET', 'PASS_SECRET', 'MAIL_LINK_SECRET'];
for (const [index, name] of signingKeys.entries()) {
  const same = signingKeys.slice(0, index).find((other) => secrets[other] === secrets[name]);
  if (same && secrets[name] !== notConfigured) refuse(`${name}: must differ from ${same}`);
}
// The sample's secrets are committed, so public: with its JWT_SECRET anyone could sign an
// admin's API token. The dry run uses them on purpose; a deploy takes none of them, and not
// the sample's file itself, even once its values are changed (it is tracked, not ignored).
const sampleSecretsPath = join(root, 'deploy', 'sample.secrets');
const samePath = (path) => (existsSync(path) ? realpathSync(path) : path);
if (!dryRun) {
  if (secretsFile && samePath(secretsFile) === samePath(sampleSecretsPath)) {
    refuse(
      `secretsFile: ${config.secretsFile} is the sample's, public in the repository: make deploy/${projectId}.secrets (docs/deploy.md, step 7)`,
    );
  }
  const sampleValues = new Set(Object.values(readEnvFile(sampleSecretsPath)).filter(Boolean));
  for (const [name, value] of Object.entries(secrets)) {
    if (sampleValues.has(value)) {
      refuse(
        `${name}: the value in deploy/sample.secrets, which is public: make your own (e.g. \`openssl rand -hex 32\`)`,
      );
    }
  }
}
const stripeMode = (key) => /_(test|live)_/.exec(key ?? '')?.[1] ?? null;
const secretMode = stripeMode(secrets.STRIPE_SECRET_KEY);
const publishableMode = stripeMode(site.VITE_STRIPE_PUBLISHABLE_KEY);
if (secretMode && publishableMode && secretMode !== publishableMode) {
  refuse(`STRIPE_SECRET_KEY is a ${secretMode} key but VITE_STRIPE_PUBLISHABLE_KEY a ${publishableMode} one`);
}
if (Boolean(secretMode) !== Boolean(publishableMode)) {
  refuse('Stripe: set both STRIPE_SECRET_KEY and site.VITE_STRIPE_PUBLISHABLE_KEY, or neither (payments off)');
}
for (const [name, value] of Object.entries(secrets)) {
  say(
    `${name}: ${value === notConfigured ? 'not configured (payments stay off)' : `set (${Buffer.byteLength(value)} bytes)`}`,
  );
}
stopOnProblems();

// --- 3-4. The functions --------------------------------------------------------------------
step('Build the functions');
// A dry run may run beside the emulators, which load functions/lib: it reads the bundle as built.
if (dryRun && existsSync(join(root, 'functions', 'lib', 'index.js'))) {
  say('$ npm run build -w functions   (dry run: the bundle as built)');
} else {
  run('npm run build -w functions', 'npm', ['run', 'build', '-w', 'functions'], { alsoInDryRun: true });
}

step('Check the functions against functions/deploy-shape.json');
// The region of every function comes from functions/.env.<project>, which the Firebase CLI
// loads for the project, as it hands the functions the rest of that file.
const functionsEnvPath = join(root, 'functions', `.env.${projectId}`);
const functionsEnv = {
  ...readEnvFile(join(root, 'functions', '.env')),
  ...readEnvFile(functionsEnvPath),
  HOSTEL_FUNCTIONS_REGION: region,
  BACKUP_BUCKET: backupBucket,
};
// The Functions emulator sets FUNCTIONS_EMULATOR; with it, the API would take a request's fixed
// clock (functions/src/lib/clock.ts). Never a deployed setting.
if ('FUNCTIONS_EMULATOR' in functionsEnv)
  refuse(`functions/.env files: FUNCTIONS_EMULATOR is set by the emulator only, never for a deploy`);
const manifest = readManifest({ projectId, env: functionsEnv });
const table = readShapeTable();
for (const difference of shapeDifferences(manifest, table, region)) refuse(difference);
for (const read of undeclaredSecretReads(manifest, table)) refuse(read);
say(`${Object.keys(manifest.endpoints).join(', ')}: as the table says, in ${region}; every secret read is declared`);
stopOnProblems();

// --- 5-6. The site -------------------------------------------------------------------------
step('Build the site for the project');
// The dry run builds apart (vite.config.ts SITE_BUILD_DIR): web/dist may be what the emulators serve.
const dryRunDir = join(root, '.cache', 'deploy-dry-run');
const siteBuildDir = dryRun ? dryRunDir : null;
const buildEnv = { ...process.env };
for (const name of Object.keys(buildEnv)) if (name.startsWith('VITE_')) delete buildEnv[name];
// Empty, not unset: a value in the shell wins over web/.env.local, which may name an emulator.
for (const name of [...Object.keys(siteSettings), ...emulatorOnlySettings]) buildEnv[name] = site[name] ?? '';
buildEnv.VITE_FIREBASE_PROJECT_ID = projectId;
if (siteBuildDir) {
  rmSync(siteBuildDir, { recursive: true, force: true });
  buildEnv.SITE_BUILD_DIR = siteBuildDir;
}
say(`VITE_FIREBASE_PROJECT_ID=${projectId} VITE_FIREBASE_AUTH_DOMAIN=${site.VITE_FIREBASE_AUTH_DOMAIN} ...`);
// The test suite's dry run (functions/test/deploy-dry-run.test.ts) leaves out the site's type
// check, which its static suite makes: `bundle` is the build without it. A deploy always checks.
const siteScript = dryRun && process.env.DEPLOY_DRY_RUN_TYPES_CHECKED === '1' ? 'bundle' : 'build';
run(
  `npm run ${siteScript} -w web${siteBuildDir ? `   (dry run: into ${relative(root, siteBuildDir)})` : ''}`,
  'npm',
  ['run', siteScript, '-w', 'web'],
  {
    env: buildEnv,
    alsoInDryRun: true,
  },
);

step("Write the Hosting config with the project's Content-Security-Policy");
/** firebase.json for this project: its auth domain, image host and region; no emulators. */
function deployConfig() {
  const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const { emulators: _emulators, ...rest } = base;
  const imageOrigin = site.VITE_IMAGE_UPLOAD_URL ? new URL(site.VITE_IMAGE_UPLOAD_URL).origin : null;
  const csp = (policy) =>
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => {
        let kept = sources;
        // The site's own sign-in frames come from this project's auth domain, and no other's.
        if (name === 'frame-src') {
          kept = [
            ...kept.filter((source) => !/\.firebaseapp\.com$/.test(source)),
            `https://${site.VITE_FIREBASE_AUTH_DOMAIN}`,
          ];
        }
        // Uploads go to the configured image host only.
        if (name === 'connect-src') {
          kept = kept.filter((source) => source !== 'https://api.imgbb.com');
          if (imageOrigin) kept.push(imageOrigin);
        }
        return [name, ...kept].join(' ');
      })
      .join('; ');
  const configName = dryRun ? 'firebase.json' : `firebase.deploy-${projectId}.json`;
  return {
    ...rest,
    // Everything is built by now; the functions' own hook would build the site again.
    functions: rest.functions.map(({ predeploy: _hook, ...codebase }) => codebase),
    hosting: {
      ...rest.hosting,
      ...(dryRun ? { public: 'dist' } : {}),
      predeploy: [
        `node "${join(root, 'scripts', 'check-site.mjs')}" --project "$GCLOUD_PROJECT" --config "$PROJECT_DIR/${configName}"`,
      ],
      headers: rest.hosting.headers.map((rule) => ({
        ...rule,
        headers: rule.headers.map((header) =>
          header.key === 'Content-Security-Policy' ? { ...header, value: csp(header.value) } : header,
        ),
      })),
      rewrites: rest.hosting.rewrites.map((rewrite) =>
        rewrite.function ? { ...rewrite, function: { ...rewrite.function, region } } : rewrite,
      ),
    },
  };
}
const hostingConfig = deployConfig();
// The dry run's config sits beside its site, so `public` names that build.
const hostingConfigPath = dryRun ? join(dryRunDir, 'firebase.json') : join(root, `firebase.deploy-${projectId}.json`);
mkdirSync(resolve(hostingConfigPath, '..'), { recursive: true });
writeFileSync(hostingConfigPath, `${JSON.stringify(hostingConfig, null, 2)}\n`);
const frameSources = hostingConfig.hosting.headers
  .flatMap((rule) => rule.headers)
  .find((header) => header.key === 'Content-Security-Policy')
  .value.split('; ')
  .find((directive) => directive.startsWith('frame-src'));
say(`${relative(root, hostingConfigPath)}: ${frameSources}`);

step('Check the built site');
// The same check Hosting's predeploy hook runs, here before anything is sent.
const publishedDir = resolve(hostingConfigPath, '..', hostingConfig.hosting.public);
for (const problem of [...siteProblems(publishedDir, projectId), ...cspProblems(hostingConfig, projectId)])
  refuse(problem);
stopOnProblems();
say(`${relative(root, publishedDir)}: built for ${projectId}, no emulator address or demo stand-in`);

// --- 7-8. Deploy ---------------------------------------------------------------------------
const firebase = (args, display, options) =>
  run(`firebase ${display ?? args.join(' ')}`, process.execPath, [firebaseBin(), ...args], options);

step("Set the functions' region and backup bucket");
const deployedSettings = { HOSTEL_FUNCTIONS_REGION: region, BACKUP_BUCKET: backupBucket };
for (const [name, value] of Object.entries(deployedSettings)) say(`functions/.env.${projectId}: ${name}=${value}`);
if (!dryRun) {
  const current = existsSync(functionsEnvPath) ? readFileSync(functionsEnvPath, 'utf8') : '';
  const others = current
    .split('\n')
    .filter((line) => line.trim() !== '' && !Object.hasOwn(deployedSettings, line.split('=')[0].trim()));
  const settings = Object.entries(deployedSettings).map(([name, value]) => `${name}=${value}`);
  writeFileSync(functionsEnvPath, [...others, ...settings].join('\n') + '\n');
}

step('Store the secrets in Secret Manager');
for (const [name, value] of Object.entries(secrets)) {
  firebase(
    // Not --force, which would redeploy every function using the secret: the next step deploys.
    ['functions:secrets:set', name, '--project', projectId, '--data-file', '-', '--non-interactive'],
    `functions:secrets:set ${name} --project ${projectId} --data-file -   (the value on standard input)`,
    { input: value },
  );
}

step('Deploy the rules, indexes, functions and site');
firebase([
  'deploy',
  '--project',
  projectId,
  '--config',
  `firebase.deploy-${projectId}.json`,
  '--only',
  'firestore:rules,firestore:indexes,functions,hosting',
  '--non-interactive',
]);

step('Prune the secret versions no function uses');
// Each deploy stores a new version of every secret; Secret Manager bills each active version.
firebase(['functions:secrets:prune', '--project', projectId, '--force', '--non-interactive']);

// --- What needs the console or gcloud ------------------------------------------------------
const jiti = createJiti(import.meta.url);
process.env.GCLOUD_PROJECT ??= projectId;
const { handledEventTypes } = await jiti.import('../functions/src/features/payments/webhook.ts');

console.log(`\nThen, by hand (once per project; docs/deploy.md):`);
step('Turn on the TTL policies of the counter collections');
for (const collection of ttlCollections) {
  say(
    `$ gcloud firestore fields ttls update expiresAt --collection-group=${collection} --enable-ttl --project=${projectId}`,
  );
}
step('Register the Stripe webhook endpoint');
say(
  `Stripe Dashboard, Developers, Webhooks, Add endpoint: https://${region}-${projectId}.cloudfunctions.net/stripeWebhook`,
);
say(`events: ${handledEventTypes.join(', ')}`);
say('then store its signing secret (whsec_...) as STRIPE_WEBHOOK_SECRET and run npm run deploy again');
step("Copy the packages' prices to Stripe");
say(
  `$ STRIPE_SECRET_KEY=sk_... GCLOUD_PROJECT=${projectId} GOOGLE_APPLICATION_CREDENTIALS=<service account key> npm run stripe:sync`,
);
step('Set up the backups: the bucket, its retention, the export role and point-in-time recovery');
// The functions run as the project's default compute service account (2nd gen); Firestore's
// own service agent writes the export's files.
const runtimeAccount = `<project number>-compute@developer.gserviceaccount.com`;
const firestoreAgent = `service-<project number>@gcp-sa-firestore.iam.gserviceaccount.com`;
say(`$ gcloud projects describe ${projectId} --format='value(projectNumber)'   (the <project number> below)`);
say(
  `$ gcloud storage buckets create gs://${backupBucket} --project=${projectId} --location=<EU for eur3, US for nam5> --uniform-bucket-level-access`,
);
say(
  `$ gcloud storage buckets update gs://${backupBucket} --lifecycle-file=<(echo '{"rule":[{"action":{"type":"Delete"},"condition":{"age":${backupRetentionDays}}}]}')`,
);
say(
  `$ gcloud projects add-iam-policy-binding ${projectId} --member=serviceAccount:${runtimeAccount} --role=roles/datastore.importExportAdmin`,
);
for (const account of [runtimeAccount, firestoreAgent]) {
  say(
    `$ gcloud storage buckets add-iam-policy-binding gs://${backupBucket} --member=serviceAccount:${account} --role=roles/storage.objectAdmin`,
  );
}
say(`$ gcloud firestore databases update --database='(default)' --enable-pitr --project=${projectId}`);

console.log(
  dryRun
    ? `\nDry run done: every check passed; nothing was deployed or stored.`
    : `\nDeployed ${projectId}: https://${projectId}.web.app`,
);
