// `npm run deploy -- --dry-run` (scripts/deploy.mjs) with the sample project it falls back on
// (deploy/sample.json): every check passes and every step is printed, the same steps as
// docs/deploy.md lists, and nothing is deployed. It refuses weak or missing secrets, and the
// check it and Hosting's predeploy hook run refuses a site built for the emulators or the demo.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const dryRunDir = join(root, '.cache', 'deploy-dry-run');

/** The environment without this run's own secrets, so the sample's secrets file is what counts. */
function cleanEnv(extra: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = { ...process.env, ...extra };
  for (const name of ['JWT_SECRET', 'PASS_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

function deploy(args: string[], extra: Record<string, string> = {}) {
  const result = spawnSync('npm', ['run', '--silent', 'deploy', '--', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: cleanEnv(extra),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs the predeploy hook as firebase-tools does: through the shell, with its variables set. */
function hostingHook(command: string, projectId: string) {
  const result = spawnSync('sh', ['-c', command], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PROJECT_DIR: root, GCLOUD_PROJECT: projectId },
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

const sampleSecrets = readFileSync(join(root, 'deploy', 'sample.secrets'), 'utf8')
  .split('\n')
  .map((line) => /^[A-Z_]+=(.+)$/.exec(line)?.[1])
  .filter((value): value is string => Boolean(value));

describe('npm run deploy -- --dry-run', () => {
  let run: ReturnType<typeof deploy>;
  beforeAll(() => {
    // The static suite checks the site's types; this run builds the site without checking them again.
    run = deploy(['--dry-run'], { DEPLOY_DRY_RUN_TYPES_CHECKED: '1' });
  }, 600_000);

  it('passes every check on the sample project and prints every step, deploying nothing', () => {
    expect(run.stderr).not.toContain('Refused');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Dry run done: every check passed; nothing was deployed or stored.');
    expect(run.stdout).toContain('deploy/sample.json: project hostelhub-sample, region europe-west1');
    expect(run.stdout).toContain(
      '$ firebase deploy --project hostelhub-sample --config firebase.deploy-hostelhub-sample.json --only firestore:rules,firestore:indexes,functions,hosting --non-interactive',
    );
    for (const collection of ['rateLimits', 'passCodes']) {
      expect(run.stdout).toContain(`--collection-group=${collection} --enable-ttl --project=hostelhub-sample`);
    }
    expect(run.stdout).toContain('https://europe-west1-hostelhub-sample.cloudfunctions.net/stripeWebhook');
    expect(run.stdout).toContain('npm run stripe:sync');
    // Secrets go to Secret Manager on standard input: never printed.
    for (const secret of sampleSecrets) expect(run.stdout).not.toContain(secret);
  });

  it('prints the steps docs/deploy.md lists, in its order', () => {
    const printed = [...run.stdout.matchAll(/^\d+\. (.+)$/gm)].map((match) => match[1]);
    const doc = readFileSync(join(root, 'docs', 'deploy.md'), 'utf8');
    const section = doc.split(/^## /m).find((part) => part.startsWith('What `npm run deploy` does'))!;
    const listed = [...section.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((match) => match[1]);
    expect(printed.length).toBeGreaterThan(10);
    expect(listed).toEqual(printed);
  });

  it("writes a Hosting config with the project's auth domain, image host and region", () => {
    const config = JSON.parse(readFileSync(join(dryRunDir, 'firebase.json'), 'utf8'));
    const csp: string = config.hosting.headers
      .flatMap((rule: { headers: { key: string; value: string }[] }) => rule.headers)
      .find((header: { key: string }) => header.key === 'Content-Security-Policy').value;
    const directive = (name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `))!;
    expect(directive('frame-src')).toBe(
      'frame-src https://js.stripe.com https://hooks.stripe.com https://hostelhub-sample.firebaseapp.com',
    );
    expect(csp).not.toContain('demo-hostel-meals');
    expect(directive('connect-src')).toContain('https://api.imgbb.com');
    expect(config.emulators).toBeUndefined();
    const regions = new Set(
      config.hosting.rewrites
        .filter((rewrite: { function?: object }) => rewrite.function)
        .map((rewrite: { function: { region: string } }) => rewrite.function.region),
    );
    expect([...regions]).toEqual(['europe-west1']);
  });

  it('builds a site the predeploy check passes, and the check refuses it with an emulator address', () => {
    const hook = `node "${join(root, 'scripts', 'check-site.mjs')}" --project "$GCLOUD_PROJECT" --config "${join(dryRunDir, 'firebase.json')}"`;
    expect(hostingHook(hook, 'hostelhub-sample')).toMatchObject({ status: 0 });
    // Built for the sample project, not another one.
    expect(hostingHook(hook, 'another-hostel').output).toContain('the site was not built for another-hostel');

    const copy = mkdtempSync(join(tmpdir(), 'hostelhub-site-'));
    try {
      cpSync(join(dryRunDir, 'dist'), join(copy, 'dist'), { recursive: true });
      const config = JSON.parse(readFileSync(join(dryRunDir, 'firebase.json'), 'utf8'));
      writeFileSync(join(copy, 'firebase.json'), JSON.stringify(config));
      const script = readdirSync(join(copy, 'dist', 'assets')).find((name) => name.endsWith('.js'))!;
      const path = join(copy, 'dist', 'assets', script);
      writeFileSync(path, `${readFileSync(path, 'utf8')}\nconst authEmulator="http://127.0.0.1:9099";`);
      const refused = hostingHook(
        `node "${join(root, 'scripts', 'check-site.mjs')}" --project "$GCLOUD_PROJECT" --config "${join(copy, 'firebase.json')}"`,
        'hostelhub-sample',
      );
      expect(refused.status).toBe(1);
      expect(refused.output).toContain(`assets/${script} holds a loopback address (an emulator or a demo stand-in)`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('refusals', () => {
  it('refuses a weak, missing or misshapen secret before building anything', () => {
    const weak = deploy(['--dry-run'], { JWT_SECRET: 'too-short', PASS_SECRET: '', STRIPE_SECRET_KEY: 'sk_oops' });
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('JWT_SECRET: 9 bytes; at least 32');
    expect(weak.stderr).toContain('PASS_SECRET: missing');
    expect(weak.stderr).toContain('STRIPE_SECRET_KEY: does not look like a Stripe key');
    expect(weak.stdout).not.toContain('Build the functions');
  });

  it('refuses functions settings that would turn on what only the emulators have (the fixed clock)', () => {
    const envFile = join(root, 'functions', '.env.hostelhub-sample');
    writeFileSync(envFile, 'FUNCTIONS_EMULATOR=true\n');
    try {
      const refused = deploy(['--dry-run']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('FUNCTIONS_EMULATOR is set by the emulator only, never for a deploy');
      expect(refused.stdout).not.toContain('Build the site for the project');
    } finally {
      rmSync(envFile, { force: true });
    }
  });

  it('refuses a live secret key beside a test publishable key, and the sample for a real deploy', () => {
    const mixed = deploy(['--dry-run'], { STRIPE_SECRET_KEY: 'sk_live_abc123' });
    expect(mixed.status).toBe(1);
    expect(mixed.stderr).toContain('STRIPE_SECRET_KEY is a live key but VITE_STRIPE_PUBLISHABLE_KEY a test one');
    const real = deploy(['--config', 'deploy/sample.json']);
    expect(real.status).toBe(1);
    expect(real.stderr).toContain('deploy/sample.json is a sample for --dry-run');
    expect(real.stdout).not.toContain('Build the functions');
  });

  it("keeps a bare `firebase deploy` from publishing the emulators' build of web/dist", () => {
    // The suite's own site is built for the emulators (scripts/lib/emulators.mjs), as npm start's is.
    const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
    const [hook] = firebaseJson.hosting.predeploy as string[];
    const refused = hostingHook(hook!, 'a-real-hostel');
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('holds a loopback address (an emulator or a demo stand-in)');
    expect(refused.output).toContain("the Content-Security-Policy names a demo project's auth domain");
    expect(hostingHook(hook!, 'demo-hostel-meals').output).toContain('demo-hostel-meals is a demo project');
  });
});
