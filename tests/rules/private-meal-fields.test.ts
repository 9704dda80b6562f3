// What anyone reading meals straight from Firestore sees: the public half only. The
// distributor's email and the adding admin's uid live in the meal's private half, which the
// rules keep to admins, and the rules refuse a public meal that carries either (ADR 0020).
import { assertFails } from '@firebase/rules-unit-testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { mealPrivateBy, newMealBy } from './support/documents.js';
import { assertReadSucceeds, assertSucceeds, firestoreAs, useRulesEnvironment } from './support/environment.js';
import { people } from './support/people.js';

const privateFields = Object.keys(mealPrivateBy(people.admin));

const rules = useRulesEnvironment();

describe.each([
  ['meals', 'mealPrivate'],
  ['upcomingMeals', 'upcomingMealPrivate'],
])('%s read by an anonymous client', (collection, privateCollection) => {
  beforeEach(async () => {
    // Written by an admin's own client in one batch, the way the rules allow it.
    const admin = firestoreAs(rules.env, 'admin');
    const batch = admin.batch();
    batch.set(admin.doc(`${collection}/public-1`), newMealBy(people.admin));
    batch.set(admin.doc(`${privateCollection}/public-1`), mealPrivateBy(people.admin));
    await assertSucceeds(batch.commit());
  });

  it('shows the meal without any private field', async () => {
    const anonymous = firestoreAs(rules.env, 'anonymous');
    const meal = await assertReadSucceeds(anonymous.doc(`${collection}/public-1`).get());
    expect(meal.get('title')).toBe('Chicken Salad Bowl');
    expect(Object.keys(meal.data() ?? {}).filter((field) => privateFields.includes(field))).toEqual([]);
    const listed = await assertReadSucceeds(anonymous.collection(collection).get());
    const leaked = listed.docs.flatMap((doc) =>
      Object.keys(doc.data()).filter((field) => privateFields.includes(field)),
    );
    expect(leaked).toEqual([]);
  });

  it('refuses the private half to everyone but admins', async () => {
    for (const actor of ['anonymous', 'student', 'member', 'owner'] as const) {
      await assertFails(firestoreAs(rules.env, actor).doc(`${privateCollection}/public-1`).get());
    }
    const seen = await assertReadSucceeds(firestoreAs(rules.env, 'admin').doc(`${privateCollection}/public-1`).get());
    expect(seen.data()).toEqual(mealPrivateBy(people.admin));
  });

  it('refuses a public meal that carries a private field, even from an admin', async () => {
    for (const field of privateFields) {
      await assertFails(
        firestoreAs(rules.env, 'admin')
          .doc(`${collection}/leaky`)
          .set({ ...newMealBy(people.admin), [field]: mealPrivateBy(people.admin)[field as 'adminUid'] }),
      );
    }
  });
});
