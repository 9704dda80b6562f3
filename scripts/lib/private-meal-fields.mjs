// Moves meals stored before ADR 0020 to the current shape: their private fields
// (`distributorEmail`, `adminUid`) leave the publicly readable meal document for its private
// half, `mealPrivate/{id}` or `upcomingMealPrivate/{id}` (docs/data-model.md). Each meal moves
// in one transaction; meals already in the current shape are not read at all. Safe to run
// any number of times.
import { FieldValue } from 'firebase-admin/firestore';

const privateCollectionOf = { meals: 'mealPrivate', upcomingMeals: 'upcomingMealPrivate' };
const formerlyPublicFields = ['distributorEmail', 'adminUid'];

/** @param {import('firebase-admin/firestore').Firestore} db  @returns {Promise<number>} meals moved */
export async function movePrivateMealFields(db) {
  let moved = 0;
  for (const [collection, privateCollection] of Object.entries(privateCollectionOf)) {
    // Ordering by a field returns only the documents that have it: the old-shape ones.
    const ids = new Set();
    for (const field of formerlyPublicFields) {
      const holding = await db.collection(collection).orderBy(field).select().get();
      for (const doc of holding.docs) ids.add(doc.id);
    }
    for (const id of ids) {
      const mealRef = db.collection(collection).doc(id);
      const privateRef = db.collection(privateCollection).doc(id);
      await db.runTransaction(async (transaction) => {
        const [meal, privateDoc] = await transaction.getAll(mealRef, privateRef);
        if (!meal.exists) return;
        const kept = privateDoc.exists ? privateDoc.data() : {};
        transaction.set(privateRef, {
          distributorEmail: String(meal.get('distributorEmail') ?? kept.distributorEmail ?? ''),
          adminUid: meal.get('adminUid') ?? kept.adminUid ?? null,
        });
        transaction.update(
          mealRef,
          Object.fromEntries(formerlyPublicFields.map((field) => [field, FieldValue.delete()])),
        );
      });
      moved += 1;
    }
  }
  return moved;
}
