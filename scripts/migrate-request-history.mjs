// One-off migration of meal requests to the history shape (docs/data-model.md, ADR 0010).
//
// Before: one document per user and meal, `mealRequests/{mealId}_{uid}`, reset to pending
// when the meal was requested again. After: every request is its own record with
// `requestedAt`, `servedAt` and `cancelledAt`, and `pendingMealRequests/{mealId}_{uid}`
// holds `{ requestId }` while a request is pending. Old documents stay where they are (their
// ids are just ids now); this script adds the missing time fields and the pending slots.
// It can run any number of times.
//
//   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node scripts/migrate-request-history.mjs   on the emulator
//   GOOGLE_APPLICATION_CREDENTIALS=key.json GCLOUD_PROJECT=<id> node scripts/migrate-request-history.mjs
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { loadContracts } from './lib/contracts.mjs';

if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals' });
const db = getFirestore();

/** Migrates every request; returns counts of what changed. */
async function migrateRequestHistory() {
  const { defaultHostelTimeZone, hostelDate, mondayOf, weekStart } = await loadContracts();
  const timeZone = process.env.HOSTEL_TIME_ZONE || defaultHostelTimeZone;
  const counts = { requests: 0, updated: 0, slots: 0 };
  const requests = await db.collection('mealRequests').get();
  for (const request of requests.docs) {
    counts.requests += 1;
    const data = request.data();
    const missing = {};
    if (!('servedAt' in data)) missing.servedAt = null;
    if (!('cancelledAt' in data)) missing.cancelledAt = null;
    // Serve Meals' queue orders by `priority`: a request made before it existed had none.
    if (!('priority' in data)) missing.priority = false;
    // The quota counts a request in its `quotaWeek` (ADR 29): the week it was made in, or a
    // reservation's serving week. Records made before it existed get it from `requestedAt`.
    if (!('quotaWeek' in data) && (data.servingDate || data.requestedAt?.toDate)) {
      missing.quotaWeek = data.servingDate
        ? mondayOf(data.servingDate)
        : hostelDate(weekStart(data.requestedAt.toDate(), timeZone), timeZone);
    }
    if (Object.keys(missing).length > 0) {
      await request.ref.update(missing);
      counts.updated += 1;
    }
    if (data.status !== 'pending') continue;
    const slot = db.doc(`pendingMealRequests/${data.mealId}_${data.userUid}`);
    // create() fails if a slot exists: a request already holds it, and that one stays pending.
    const created = await slot
      .create({ requestId: request.id, mealId: data.mealId, userUid: data.userUid })
      .then(() => true)
      .catch((error) => {
        if (error.code === 6 /* ALREADY_EXISTS */) return false;
        throw error;
      });
    if (created) counts.slots += 1;
  }
  return counts;
}

const counts = await migrateRequestHistory();
console.log(
  `Meal requests: ${counts.requests} read, ${counts.updated} given servedAt/cancelledAt/priority/quotaWeek, ${counts.slots} pending slots created.`,
);
