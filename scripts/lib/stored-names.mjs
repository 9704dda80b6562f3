// Moves data stored before ADR 71 to the names of the glossary (docs/glossary.md):
// - a served request's status `delivered` (the wire's word) becomes `served`;
// - a member's hold moves from `reservationSlots/{servingId}_{uid}` to `holds/{servingId}_{uid}`;
// - a serving's capacity record moves from `servingPlaces/{servingId}_limit` (`limit`) to
//   `servingCapacities/{servingId}` (`capacity`), apart from its places.
// `npm start` runs it on the saved demo data; scripts/migrate-stored-names.mjs on a project's.
// Safe to run any number of times, and beside a running API: a hold or capacity record the
// API has written under the new name since is kept, and the old one is only deleted.

/** Documents read per round: a page of old documents and their new twins, one batch of writes. */
const pageSize = 200;

/** Every request still stored as `delivered`, in pages: updating them takes them out of the query. */
async function markServed(db) {
  let moved = 0;
  for (;;) {
    const page = await db.collection('mealRequests').where('status', '==', 'delivered').limit(pageSize).get();
    if (page.empty) return moved;
    const batch = db.batch();
    for (const request of page.docs) batch.update(request.ref, { status: 'served' });
    await batch.commit();
    moved += page.size;
  }
}

/**
 * Moves the documents `query` finds, in pages, to `newRef(old)` with `newData(old)` unless one is
 * there already; each old document is deleted, which takes it out of the next page.
 */
async function moveEach(db, query, newRef, newData) {
  let moved = 0;
  for (;;) {
    const page = await query.limit(pageSize).get();
    if (page.empty) return moved;
    const twins = await db.getAll(...page.docs.map(newRef));
    const batch = db.batch();
    page.docs.forEach((old, index) => {
      if (!twins[index].exists) {
        batch.set(twins[index].ref, newData(old));
        moved += 1;
      }
      batch.delete(old.ref);
    });
    await batch.commit();
  }
}

/** @param {import('firebase-admin/firestore').Firestore} db */
export async function moveToStoredNames(db) {
  const served = await markServed(db);
  const holds = await moveEach(
    db,
    db.collection('reservationSlots'),
    (old) => db.collection('holds').doc(old.id),
    (old) => {
      const { requestId, servingId, userUid } = old.data();
      return { requestId, servingId, userUid };
    },
  );
  // Ordering by a field finds only the documents that have it: the old capacity records.
  const capacities = await moveEach(
    db,
    db.collection('servingPlaces').orderBy('limit'),
    (old) => db.collection('servingCapacities').doc(old.get('servingId')),
    (old) => ({ servingId: old.get('servingId'), capacity: old.get('limit') ?? null }),
  );
  return { served, holds, capacities };
}
