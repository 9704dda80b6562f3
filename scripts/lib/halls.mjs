// Moves a hostel from before halls (ADR 72) to its first hall: `halls/main` is created when no
// hall exists, and every serving without a hall becomes the first hall's. A reservation's record
// and a rating get their serving's hall (`servingHall`, `hallId`), a payment its payer's hall in
// the month paid (`hallId`): the insights count each by it. `npm start` runs it
// on the demo's data; scripts/migrate-halls.mjs on a project's. Safe to run any number of
// times: a hall that exists is left as it is, and a serving that names a hall keeps it.
import { loadContracts } from './contracts.mjs';

const firstHallId = 'main';
const pageSize = 300;

/** @param {import('firebase-admin/firestore').Firestore} db */
export async function moveToFirstHall(db, name = process.env.HOSTEL_HALL_NAME || 'Main hall') {
  const anyHall = await db.collection('halls').limit(1).get();
  let hallCreated = false;
  if (anyHall.empty) {
    await db
      .doc(`halls/${firstHallId}`)
      .create({
        name,
        slots: ['breakfast', 'lunch', 'dinner'],
        closedDays: [],
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .then(() => (hallCreated = true))
      .catch((error) => {
        if (error.code !== 6 /* ALREADY_EXISTS */) throw error;
      });
  }
  // A serving without the field cannot be asked for: every serving is read, its hall only.
  let servings = 0;
  let last = null;
  for (;;) {
    let query = db.collection('servings').orderBy('__name__').select('hallId').limit(pageSize);
    if (last) query = query.startAfter(last);
    const page = await query.get();
    if (page.empty) break;
    last = page.docs[page.docs.length - 1];
    const batch = db.batch();
    let changed = 0;
    for (const serving of page.docs) {
      if (serving.get('hallId') !== undefined) continue;
      batch.update(serving.ref, { hallId: firstHallId });
      changed += 1;
    }
    if (changed > 0) await batch.commit();
    servings += changed;
  }
  // Each record the insights count by hall names it: a reservation and a rating their
  // serving's hall, a payment its payer's hall in the month paid.
  const servingHall = servingHallsOf(db);
  const requests = await giveRecordsTheirHall(db, 'mealRequests', 'servingHall', ['servingId'], async (page) => {
    const halls = await servingHall(page.map((request) => request.get('servingId')));
    return (request) =>
      typeof request.get('servingId') === 'string' ? halls.get(request.get('servingId')) : undefined;
  });
  const ratings = await giveRecordsTheirHall(db, 'servingRatings', 'hallId', ['servingId'], async (page) => {
    const halls = await servingHall(page.map((rating) => rating.get('servingId')));
    return (rating) => halls.get(rating.get('servingId')) ?? firstHallId;
  });
  const { homeHallIn, hostelDate, defaultHostelTimeZone } = await loadContracts();
  const timeZone = process.env.HOSTEL_TIME_ZONE || defaultHostelTimeZone;
  const payments = await giveRecordsTheirHall(db, 'payments', 'hallId', ['uid', 'paidAt'], async (page) => {
    const uids = [...new Set(page.map((payment) => payment.get('uid')).filter((uid) => typeof uid === 'string'))];
    const users = uids.length > 0 ? await db.getAll(...uids.map((uid) => db.doc(`users/${uid}`))) : [];
    const profiles = new Map(users.map((user) => [user.id, user.data() ?? {}]));
    return (payment) => {
      const paidAt = payment.get('paidAt')?.toDate?.() ?? new Date(0);
      const month = hostelDate(paidAt, timeZone).slice(0, 7);
      return homeHallIn(profiles.get(payment.get('uid')) ?? {}, month) ?? firstHallId;
    };
  });
  return { hallCreated, servings, requests, ratings, payments };
}

/** Looks up servings' halls, remembering each (a serving gone is the first hall's). */
function servingHallsOf(db) {
  const known = new Map();
  return async (servingIds) => {
    const unknown = [...new Set(servingIds.filter((id) => typeof id === 'string' && !known.has(id)))];
    if (unknown.length > 0) {
      const servings = await db.getAll(...unknown.map((id) => db.doc(`servings/${id}`)));
      for (const serving of servings) known.set(serving.id, serving.get('hallId') ?? firstHallId);
    }
    return known;
  };
}

/**
 * Every document of `collection` without `field` gets the hall `hallOf` gives it (undefined:
 * none, left as it is), a page at a time; `hallsFor` prepares `hallOf` for a page of those
 * missing it. Reads only `field` and `reads` of each. Returns how many changed.
 */
async function giveRecordsTheirHall(db, collection, field, reads, hallsFor) {
  let changedTotal = 0;
  let last = null;
  for (;;) {
    let query = db
      .collection(collection)
      .orderBy('__name__')
      .select(field, ...reads)
      .limit(pageSize);
    if (last) query = query.startAfter(last);
    const page = await query.get();
    if (page.empty) break;
    last = page.docs[page.docs.length - 1];
    const missing = page.docs.filter((record) => record.get(field) === undefined);
    if (missing.length === 0) continue;
    const hallOf = await hallsFor(missing);
    const batch = db.batch();
    let changed = 0;
    for (const record of missing) {
      const hallId = hallOf(record);
      if (hallId === undefined) continue;
      batch.update(record.ref, { [field]: hallId });
      changed += 1;
    }
    if (changed > 0) await batch.commit();
    changedTotal += changed;
  }
  return changedTotal;
}
