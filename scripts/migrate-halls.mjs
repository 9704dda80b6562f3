// Moves a hostel from before halls (ADR 72) to its first hall (scripts/lib/halls.mjs): the
// hall is created, named HOSTEL_HALL_NAME or "Main hall", every serving becomes its, and each
// reservation's record, rating and payment names its hall. Then `scripts/rebuild-rollups.mjs --fix`
// counts the insights by hall. `npm start` runs both on the saved demo data by itself; run
// these on a project's:
//
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node scripts/migrate-halls.mjs   on the emulator
//   GOOGLE_APPLICATION_CREDENTIALS=key.json GCLOUD_PROJECT=<id> node scripts/migrate-halls.mjs
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { moveToFirstHall } from './lib/halls.mjs';

if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals' });

const moved = await moveToFirstHall(getFirestore());
console.log(
  `Halls: ${moved.hallCreated ? 'the first hall created' : 'a hall exists already'}, ${moved.servings} servings given the first hall, ${moved.requests} reservations and ${moved.ratings} ratings given their serving's hall, ${moved.payments} payments their payer's hall.`,
);
