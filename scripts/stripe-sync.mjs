// `npm run stripe:sync`: makes Stripe's catalogue match the `packages` collection: a
// recurring monthly Price per package at its current price (found by lookup key, created
// when missing; a changed price gets a new Price) and the 5% exclusive VAT tax rate. It runs
// the code the API runs when someone subscribes (functions/src/features/payments/catalogue.ts),
// so nothing is typed into the dashboard by hand.
//
//   STRIPE_SECRET_KEY=sk_test_... GOOGLE_APPLICATION_CREDENTIALS=... npm run stripe:sync
//   STRIPE_SECRET_KEY=sk_test_... FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 npm run stripe:sync
import { createJiti } from 'jiti';
import Stripe from 'stripe';
import { projectId } from './lib/emulators.mjs';

const key = process.env.STRIPE_SECRET_KEY ?? '';
if (!/^[sr]k_(test|live)_\w+$/.test(key)) {
  console.error('Set STRIPE_SECRET_KEY to a Stripe secret key (sk_test_...).');
  process.exit(1);
}
process.env.GCLOUD_PROJECT ??= projectId;

const jiti = createJiti(import.meta.url);
const { syncCatalogue } = await jiti.import('../functions/src/features/payments/catalogue.ts');
const { db, collections } = await jiti.import('../functions/src/lib/firestore.ts');

const { STRIPE_API_HOST: host, STRIPE_API_PORT: port, STRIPE_API_PROTOCOL: protocol } = process.env;
const stripe = new Stripe(key, {
  ...(host ? { host } : {}),
  ...(port ? { port: Number(port) } : {}),
  ...(protocol ? { protocol } : {}),
});

const snapshot = await db.collection(collections.packages).get();
const packages = snapshot.docs
  .map((doc) => ({ id: doc.id, name: doc.get('name'), price: doc.get('price') }))
  .filter((pack) => typeof pack.name === 'string' && typeof pack.price === 'number');
const result = await syncCatalogue(stripe, packages);
console.log(`VAT tax rate: ${result.taxRateId}`);
for (const price of result.prices) console.log(`${price.packageId}: ${price.priceId} (${price.lookupKey})`);
