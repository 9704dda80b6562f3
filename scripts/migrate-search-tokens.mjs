// Rebuilds every meal's and upcoming meal's search tokens with the current rule (ADR 0026,
// docs/data-model.md): title, ingredients and description, with singular word forms. `npm
// start` does the same to the saved demo data by itself; run this against a project's own
// data after deploying the API that writes the new tokens:
//
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node scripts/migrate-search-tokens.mjs   on the emulator
//   GOOGLE_APPLICATION_CREDENTIALS=key.json GCLOUD_PROJECT=<id> node scripts/migrate-search-tokens.mjs
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { rebuildMealSearchTokens } from './lib/search-tokens.mjs';

if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals' });

const rewritten = await rebuildMealSearchTokens(getFirestore());
console.log(`Meals: ${rewritten} got the current search tokens.`);
