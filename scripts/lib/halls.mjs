// Moves a hostel from before halls (ADR 72) to its first hall: `halls/main` is created when no
// hall exists, and every serving without a hall becomes the first hall's. A reservation's record
// gets its serving's hall (`servingHall`), which the insights count it by. `npm start` runs it
// on the demo's data; scripts/migrate-halls.mjs on a project's. Safe to run any number of
// times: a hall that exists is left as it is, and a serving that names a hall keeps it.

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
  const requests = await giveRequestsTheirHall(db);
  return { hallCreated, servings, requests };
}

/** Every reservation record without `servingHall` gets its serving's hall (the first hall's when gone). */
async function giveRequestsTheirHall(db) {
  const hallOf = new Map();
  let changedTotal = 0;
  let last = null;
  for (;;) {
    let query = db.collection('mealRequests').orderBy('__name__').select('servingId', 'servingHall').limit(pageSize);
    if (last) query = query.startAfter(last);
    const page = await query.get();
    if (page.empty) break;
    last = page.docs[page.docs.length - 1];
    const missing = page.docs.filter(
      (request) => typeof request.get('servingId') === 'string' && request.get('servingHall') === undefined,
    );
    const unknown = [...new Set(missing.map((request) => request.get('servingId')))].filter((id) => !hallOf.has(id));
    if (unknown.length > 0) {
      const servings = await db.getAll(...unknown.map((id) => db.doc(`servings/${id}`)));
      for (const serving of servings) hallOf.set(serving.id, serving.get('hallId') ?? firstHallId);
    }
    if (missing.length === 0) continue;
    const batch = db.batch();
    for (const request of missing) batch.update(request.ref, { servingHall: hallOf.get(request.get('servingId')) });
    await batch.commit();
    changedTotal += missing.length;
  }
  return changedTotal;
}
