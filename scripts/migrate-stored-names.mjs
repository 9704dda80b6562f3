// Moves data stored before ADR 71 to the glossary's names: served requests, members' holds and
// servings' capacity records (scripts/lib/stored-names.mjs). `npm start` runs the same move on
// the saved demo data by itself; run this against a project's own data:
//
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node scripts/migrate-stored-names.mjs   on the emulator
//   GOOGLE_APPLICATION_CREDENTIALS=key.json GCLOUD_PROJECT=<id> node scripts/migrate-stored-names.mjs
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { moveToStoredNames } from './lib/stored-names.mjs';

if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals' });

const moved = await moveToStoredNames(getFirestore());
console.log(
  `Stored names: ${moved.served} requests marked served, ${moved.holds} holds and ${moved.capacities} capacity records moved.`,
);
