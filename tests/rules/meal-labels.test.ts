// Allergen labels and diet tags written directly by an admin (ADR 0032), and the diet
// profile on a user's own document. Each invalid document differs from a valid one in
// exactly one way; the filter maps must agree with the declared lists.
import { assertFails } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { storedLabelFields } from '@hostelhub/contracts';
import { newMealBy, profileOf } from './support/documents.js';
import { assertSucceeds, firestoreAs, seed, useRulesEnvironment } from './support/environment.js';
import { people } from './support/people.js';

const rules = useRulesEnvironment();
const admin = () => firestoreAs(rules.env, 'admin');

const labelled = (labels: Parameters<typeof storedLabelFields>[0]) => ({
  ...newMealBy(people.admin),
  ...storedLabelFields(labels),
});

describe.each(['meals', 'upcomingMeals'])('labels on %s', (collection) => {
  it.each([
    ['declared allergens and tags', { allergens: ['milk', 'gluten'] as const, dietTags: ['vegetarian'] as const }],
    ['declared free of all 14', { allergens: [] as const, dietTags: ['vegan', 'halal'] as const }],
    ['undeclared', { allergens: null, dietTags: [] as const }],
  ])('may be %s', async (_what, labels) => {
    await assertSucceeds(
      admin()
        .doc(`${collection}/new`)
        .set(labelled({ allergens: labels.allergens ? [...labels.allergens] : null, dietTags: [...labels.dietTags] })),
    );
  });

  const valid = () => labelled({ allergens: ['milk'], dietTags: ['vegetarian'] });
  it.each([
    ['an unknown allergen', { allergens: ['nuts'] }],
    ['an allergen twice', { allergens: ['milk', 'milk'] }],
    ['an unknown diet tag', { dietTags: ['keto'] }],
    ['a vegan meal with milk', { dietTags: ['vegan'], diets: { vegan: true, vegetarian: false, halal: false } }],
    ['"free of milk" on a meal with milk', { freeOf: { ...valid().freeOf, milk: true } }],
    ['"free of" on an undeclared meal', { allergens: null }],
    ['a diet map that disagrees with the tags', { diets: { vegan: false, vegetarian: false, halal: true } }],
    ['labels without their filter maps', { freeOf: undefined }],
  ])('may not be written with %s', async (_what, change) => {
    const document: Record<string, unknown> = { ...valid(), ...change };
    for (const [key, value] of Object.entries(document)) if (value === undefined) delete document[key];
    await assertFails(admin().doc(`${collection}/new`).set(document));
  });
});

describe('the diet profile on users/{uid}', () => {
  it('is changed only through PATCH /user/diet: the owner may not write it directly', async () => {
    await seed(rules.env, (db) => db.doc(`users/${people.student.uid}`).set(profileOf(people.student)));
    const owner = firestoreAs(rules.env, 'student');
    await assertFails(owner.doc(`users/${people.student.uid}`).update({ diet: { avoid: ['milk'], diets: [] } }));
    await assertSucceeds(owner.doc(`users/${people.student.uid}`).update({ name: 'Sam Renamed' }));
  });
});
