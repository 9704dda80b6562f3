// Stripe for the test run: the functions talk to a local fake of the Stripe API
// (functions/test/support/fake-stripe.ts, started by the API and e2e suites) and use
// throw-away keys that exist only while the tests run.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { developmentSecretsFile, secretsBackupFile } from './emulators.mjs';

/** The fake Stripe API listens here: a fixed port per emulator port offset. */
export const fakeStripePort = (offset) => 12111 + offset;

const withLine = (content, name, value) => {
  const lines = content.split('\n').filter((line) => line.trim() !== '' && !line.startsWith(`${name}=`));
  return [...lines, `${name}=${value}`].join('\n') + '\n';
};

/**
 * Puts throw-away Stripe keys into functions/.secret.local for the length of the run (the
 * functions emulator gives that file precedence over its own environment) and returns the
 * environment the emulators and the suites need, and `restore` to put the file back.
 * The original is also copied aside, so a killed run is repaired by the next start.
 */
export function useFakeStripe(offset) {
  const original = readFileSync(developmentSecretsFile, 'utf8');
  mkdirSync(dirname(secretsBackupFile), { recursive: true });
  writeFileSync(secretsBackupFile, original);
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const keys = withLine(original, 'STRIPE_SECRET_KEY', `sk_test_local_${randomBytes(12).toString('hex')}`);
  writeFileSync(developmentSecretsFile, withLine(keys, 'STRIPE_WEBHOOK_SECRET', webhookSecret));

  const env = {
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(fakeStripePort(offset)),
    STRIPE_API_PROTOCOL: 'http',
    // The suites sign webhook events with it; the functions read their copy from the file.
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  };
  const restore = () => {
    writeFileSync(developmentSecretsFile, original);
    rmSync(secretsBackupFile, { force: true });
  };
  return { env, restore };
}
