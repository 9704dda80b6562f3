// Moves a hostel from before halls (ADR 72) to its first hall: `halls/main` is created when no
// hall exists, and every serving without a hall becomes the first hall's. `npm start` runs it
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
  return { hallCreated, servings };
}
