// `npm run deploy` (scripts/deploy.mjs) outside --dry-run: the sample's secrets
// (deploy/sample.secrets) are committed, so public, and never reach a project. Each run here
// is refused at the secrets check, before anything is built, stored or deployed.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const sample = JSON.parse(readFileSync(join(root, 'deploy', 'sample.json'), 'utf8'));
const sampleSecrets = Object.fromEntries(
  readFileSync(join(root, 'deploy', 'sample.secrets'), 'utf8')
    .split('\n')
    .map((line) => /^([A-Z_]+)=(.+)$/.exec(line))
    .filter((match): match is RegExpExecArray => Boolean(match))
    .map(([, name, value]) => [name!, value!]),
);

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/**
 * A deployer's own config, made from the sample as docs/deploy.md says, with `secrets` as its
 * secretsFile: a path as written in the config, or the lines of a file of the deployer's own.
 * It leaves out the web app's id on purpose: were the refusal under test ever to go, the run
 * still stops at the same check, and nothing is built or sent to a real project.
 */
function deploy(secrets: string | Record<string, string>, shell: Record<string, string> = {}) {
  dir = mkdtempSync(join(tmpdir(), 'hostelhub-deploy-'));
  let secretsFile = secrets;
  if (typeof secrets !== 'string') {
    secretsFile = join(dir, 'own.secrets');
    writeFileSync(
      secretsFile,
      Object.entries(secrets)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    );
  }
  const { dryRunOnly: _sampleOnly, $comment: _comment, site, ...config } = sample;
  const { VITE_FIREBASE_APP_ID: _left, ...siteWithoutAppId } = site;
  const configPath = join(dir, 'config.json');
  writeFileSync(
    configPath,
    JSON.stringify({ ...config, projectId: 'hostelhub-own', secretsFile, site: siteWithoutAppId }),
  );
  const env: Record<string, string | undefined> = { ...process.env };
  // The run's own secrets must not stand in for the file's.
  for (const name of Object.keys(sampleSecrets)) delete env[name];
  Object.assign(env, shell);
  const result = spawnSync('npm', ['run', '--silent', 'deploy', '--', '--config', configPath], {
    cwd: root,
    encoding: 'utf8',
    env,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const strong = () => randomBytes(32).toString('hex');

describe('npm run deploy and the sample secrets', () => {
  it("refuses a config whose secretsFile is the sample's, and each of its public values", () => {
    const refused = deploy('deploy/sample.secrets');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      "secretsFile: deploy/sample.secrets is the sample's, public in the repository: make deploy/hostelhub-own.secrets",
    );
    for (const name of ['JWT_SECRET', 'PASS_SECRET', 'MAIL_LINK_SECRET']) {
      expect(refused.stderr).toContain(`${name}: the value in deploy/sample.secrets, which is public`);
    }
    expect(refused.stdout).not.toContain('Build the functions');
  });

  it('refuses a file of your own that keeps one sample value, naming only that secret', () => {
    const refused = deploy({
      JWT_SECRET: strong(),
      PASS_SECRET: strong(),
      MAIL_LINK_SECRET: sampleSecrets.MAIL_LINK_SECRET!,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('MAIL_LINK_SECRET: the value in deploy/sample.secrets, which is public');
    expect(refused.stderr).not.toContain('JWT_SECRET: the value');
    expect(refused.stderr).not.toContain("is the sample's");
    expect(refused.stdout).not.toContain('Build the functions');
  });

  it('refuses a sample value set in the shell as well', () => {
    const own = { JWT_SECRET: strong(), PASS_SECRET: strong(), MAIL_LINK_SECRET: strong() };
    const refused = deploy(own, { JWT_SECRET: sampleSecrets.JWT_SECRET! });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('JWT_SECRET: the value in deploy/sample.secrets, which is public');
    expect(refused.stderr).not.toContain('PASS_SECRET: the value');
    expect(refused.stdout).not.toContain('Build the functions');
  });
});
