// What `npm start` runs in place of the services this machine cannot reach: the demo's Stripe
// stand-in (demo-stripe.mjs) when functions/.secret.local holds no Stripe secret key, and the
// demo's image host (demo-image-host.mjs) when no VITE_IMAGE_UPLOAD_URL is configured. Only
// `npm start` uses this: a production build (npm run build) and the test runs never see them.
// Configure real Stripe test keys or a real image host (README) and the stand-in goes away.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { demoImageHostPort, startDemoImageHost } from './demo-image-host.mjs';
import { demoStripeKeys, demoStripePort, startDemoStripe } from './demo-stripe.mjs';
import { developmentSecretsFile, functionsDirectoryForRun, root } from './emulators.mjs';
import { readEnvFile } from './env-file.mjs';

/** A publishable key the site shows the demo's card note for; Stripe issues no such key. */
export const demoPublishableKey = 'pk_test_hostelhub_demo';

const secretKeyPattern = /^[sr]k_(test|live)_\w+$/;

/**
 * Which stand-ins this start needs, and the configuration that selects them: the functions
 * directory with the demo's throw-away Stripe keys, the site's build variables, the emulators'
 * environment and the origins the Content-Security-Policy must allow.
 */
export function planDemoStandIns(offset, dataDir) {
  const developmentSecrets = readEnvFile(developmentSecretsFile);
  const siteEnv = { ...readEnvFile(join(root, 'web', '.env.local')), ...process.env };
  const stripe = !secretKeyPattern.test(developmentSecrets.STRIPE_SECRET_KEY ?? '');
  const images = !siteEnv.VITE_IMAGE_UPLOAD_URL;
  const stripeOrigin = `http://127.0.0.1:${demoStripePort(offset)}`;
  const imageOrigin = `http://127.0.0.1:${demoImageHostPort(offset)}`;
  const keys = stripe ? demoStripeKeys() : null;
  return {
    stripe,
    images,
    // The emulator reads secrets only from the functions directory it loads: the demo's keys go
    // into one of this start's own (ADR 8), never into functions/.secret.local.
    functionsSource: keys ? functionsDirectoryForRun(offset, { ...developmentSecrets, ...keys }) : null,
    buildEnv: {
      ...(stripe ? { VITE_STRIPE_PUBLISHABLE_KEY: demoPublishableKey, VITE_DEMO_STRIPE_API_URL: stripeOrigin } : {}),
      ...(images ? { VITE_IMAGE_UPLOAD_URL: `${imageOrigin}/1/upload` } : {}),
    },
    emulatorEnv: stripe
      ? { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(demoStripePort(offset)), STRIPE_API_PROTOCOL: 'http' }
      : {},
    cspSources: {
      'connect-src': [...(stripe ? [stripeOrigin] : []), ...(images ? [imageOrigin] : [])],
      'img-src': images ? [imageOrigin] : [],
    },
    /** Starts the stand-ins; `functionsUrl` is where the webhook function listens. */
    async start(functionsUrl) {
      const statePath = join(dataDir, 'demo-stripe.json');
      // Pictures live in a working folder while the demo runs: the emulators' save replaces
      // the whole data folder, and `saveAfterExport` puts them back into it.
      const uploadsDir = join(root, '.cache', `demo-uploads-${offset}`);
      const savedUploads = join(dataDir, 'uploads');
      rmSync(uploadsDir, { recursive: true, force: true });
      if (existsSync(savedUploads)) cpSync(savedUploads, uploadsDir, { recursive: true });
      const demoStripe = stripe
        ? await startDemoStripe({
            port: demoStripePort(offset),
            webhookUrl: `${functionsUrl}/stripeWebhook`,
            webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
            statePath,
          })
        : null;
      const imageHost = images ? await startDemoImageHost({ port: demoImageHostPort(offset), dir: uploadsDir }) : null;
      return {
        banner: [
          ...(demoStripe
            ? [
                `Demo payments (no Stripe keys): ${stripeOrigin} stands in for Stripe. Pay with 4242 4242 4242 4242;`,
                '  4000 0000 0000 0002 is declined. `npm run demo:renew` moves its clock to the next renewal.',
              ]
            : []),
          ...(imageHost ? [`Demo image uploads (no image host configured): kept by ${imageOrigin}.`] : []),
        ],
        /** After the emulators saved the data folder: the stand-ins' state joins it. */
        saveAfterExport() {
          demoStripe?.save();
          if (imageHost && existsSync(uploadsDir)) cpSync(uploadsDir, savedUploads, { recursive: true });
        },
        async close() {
          await Promise.all([demoStripe?.close(), imageHost?.close()]);
        },
      };
    },
  };
}
