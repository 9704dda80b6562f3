// One-off migration of meals to the shape of ADR 0020 (docs/data-model.md): the private
// fields of every meal and upcoming meal move to its private half. `npm start` runs the same
// move on the saved demo data by itself; run this against a project's own data:
//
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node scripts/migrate-private-meal-fields.mjs   on the emulator
//   GOOGLE_APPLICATION_CREDENTIALS=key.json GCLOUD_PROJECT=<id> node scripts/migrate-private-meal-fields.mjs
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { movePrivateMealFields } from './lib/private-meal-fields.mjs';

if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals' });

const moved = await movePrivateMealFields(getFirestore());
console.log(`Meals: ${moved} moved their private fields to their private half.`);
