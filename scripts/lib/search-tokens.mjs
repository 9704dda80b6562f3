// Rebuilds the search tokens of meals stored before the current search rule (ADR 0026): a meal
// saved when only its title was indexed, or before word forms, gets the tokens the API writes
// today (`mealSearchTokens` in packages/contracts/src/search.ts), so it is found like a new
// one. Meals whose tokens are already current are read but not written. Safe to run any
// number of times; `npm start` runs it on the saved demo data, and
// scripts/migrate-search-tokens.mjs on a project's own data.
import { FieldPath } from 'firebase-admin/firestore';
import { loadContracts } from './contracts.mjs';

const mealCollections = ['meals', 'upcomingMeals'];
const pageSize = 300;

const sameTokens = (stored, wanted) =>
  Array.isArray(stored) && stored.length === wanted.length && stored.every((token, index) => token === wanted[index]);

/** @param {import('firebase-admin/firestore').Firestore} db  @returns {Promise<number>} meals rewritten */
export async function rebuildMealSearchTokens(db) {
  const { mealSearchTokens } = await loadContracts();
  let rewritten = 0;
  for (const collection of mealCollections) {
    let last = null;
    for (;;) {
      let page = db
        .collection(collection)
        .orderBy(FieldPath.documentId())
        .select('title', 'ingredients', 'description', 'searchTokens')
        .limit(pageSize);
      if (last) page = page.startAfter(last.id);
      const snapshot = await page.get();
      if (snapshot.empty) break;
      const batch = db.batch();
      let changed = 0;
      for (const doc of snapshot.docs) {
        const wanted = mealSearchTokens({
          title: String(doc.get('title') ?? ''),
          ingredients: String(doc.get('ingredients') ?? ''),
          description: String(doc.get('description') ?? ''),
        });
        if (sameTokens(doc.get('searchTokens'), wanted)) continue;
        // update() fails on a meal deleted meanwhile rather than bringing it back.
        batch.update(doc.ref, { searchTokens: wanted });
        changed += 1;
      }
      if (changed > 0) await batch.commit();
      rewritten += changed;
      last = snapshot.docs[snapshot.docs.length - 1];
      if (snapshot.size < pageSize) break;
    }
  }
  return rewritten;
}
