// What an admin may write directly: meals, upcoming meals and packages, field by field.
// Each invalid document differs from a valid one in exactly one way.
import { assertFails } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { deleteField, mealPrivateBy, newMealBy, packageDocument, storedMeal } from './support/documents.js';
import { assertSucceeds, firestoreAs, seed, useRulesEnvironment } from './support/environment.js';
import { people } from './support/people.js';

const rules = useRulesEnvironment();

const admin = () => firestoreAs(rules.env, 'admin');
const validMeal = () => newMealBy(people.admin);
type MealChange = Record<string, unknown>;

const invalidMealChanges: Array<[string, MealChange]> = [
  ['a price given as text', { price: '14.50' }],
  ['a price of 0', { price: 0 }],
  ['a negative price', { price: -3 }],
  ['an unknown category', { category: 'Brunch' }],
  ['a category in the wrong case', { category: 'lunch' }],
  ['an extra field', { spicy: true }],
  ["the admin's email (meals are public)", { adminEmail: people.admin.email }],
  ['an empty title', { title: '' }],
  ['a title of 121 characters', { title: 'x'.repeat(121) }],
  ['a title that is not text', { title: ['Chicken Salad Bowl'] }],
  ['empty ingredients', { ingredients: '' }],
  ['ingredients of 1001 characters', { ingredients: 'x'.repeat(1001) }],
  ['an empty description', { description: '' }],
  ['a description of 2001 characters', { description: 'x'.repeat(2001) }],
  ['an empty distributor name', { distributorName: '' }],
  ['a distributor name of 121 characters', { distributorName: 'x'.repeat(121) }],
  // Private fields belong in the meal's private half (ADR 0020), never on the public document.
  ['the distributor email', { distributorEmail: 'orders@greenbowl.test' }],
  ['an image that is not a web address', { image: 'javascript:alert(1)' }],
  ['an image that is not text', { image: ['https://images.example.test/salad.jpg'] }],
  ['an image address of 2049 characters', { image: `https://${'x'.repeat(2041)}` }],
  ['search tokens given as text', { searchTokens: 'chicken salad' }],
  ['more than 1000 search tokens', { searchTokens: Array.from({ length: 1001 }, (_, index) => `t${index}`) }],
  ['likesCount above 0', { likesCount: 5 }],
  ['reviewsCount above 0', { reviewsCount: 3 }],
  ['ratingTotal above 0', { ratingTotal: 12 }],
  ['a rating above 0', { rating: 4.5 }],
  ['a postTime in the past', { postTime: new Date(Date.now() - 86_400_000) }],
  ["the author's uid", { adminUid: people.admin.uid }],
  ['a made-up author name', { adminName: 'The Chef' }],
];

const requiredMealFields = Object.keys(validMeal());

describe.each(['meals', 'upcomingMeals'])('an admin adding to %s', (collection) => {
  it('may add a complete, valid meal', async () => {
    await assertSucceeds(admin().doc(`${collection}/new`).set(validMeal()));
  });

  it.each(invalidMealChanges)('may not add a meal with %s', async (_what, change) => {
    await assertFails(
      admin()
        .doc(`${collection}/new`)
        .set({ ...validMeal(), ...change }),
    );
  });

  it.each(requiredMealFields)('may not add a meal without %s', async (field) => {
    const { [field]: _left, ...rest } = validMeal() as Record<string, unknown>;
    await assertFails(admin().doc(`${collection}/new`).set(rest));
  });
});

describe.each(['meals', 'upcomingMeals'])('an admin editing %s', (collection) => {
  rules.seedGroup((db) => db.doc(`${collection}/meal-1`).set(storedMeal()));

  it('may change the form fields', async () => {
    await assertSucceeds(
      admin()
        .doc(`${collection}/meal-1`)
        .update({ title: 'Chicken Caesar', category: 'Dinner', price: 17.25, searchTokens: ['chicken', 'caesar'] }),
    );
  });

  it.each([
    ['a price given as text', { price: '17' }],
    ['an unknown category', { category: 'Supper' }],
    ['an extra field', { featured: true }],
    ['the title removed', { title: deleteField() }],
  ] as Array<[string, MealChange]>)('may not save %s', async (_what, change) => {
    await assertFails(admin().doc(`${collection}/meal-1`).update(change));
  });
});

describe.each(['mealPrivate', 'upcomingMealPrivate'])('an admin writing %s', (collection) => {
  it('may add the private half of a meal they add', async () => {
    await assertSucceeds(admin().doc(`${collection}/new`).set(mealPrivateBy(people.admin)));
  });

  it.each([
    ['a distributor email that is not an address', { distributorEmail: 'green bowl kitchen' }],
    ['a distributor email of 255 characters', { distributorEmail: `${'x'.repeat(240)}@greenbowl.test` }],
    ['a distributor email that is not text', { distributorEmail: ['orders@greenbowl.test'] }],
    ['another admin as author', { adminUid: 'someone-else' }],
    ['an extra field', { adminEmail: people.admin.email }],
  ] as Array<[string, MealChange]>)('may not add one with %s', async (_what, change) => {
    await assertFails(
      admin()
        .doc(`${collection}/new`)
        .set({ ...mealPrivateBy(people.admin), ...change }),
    );
  });

  it("may change the distributor email but not the author's uid", async () => {
    await seed(rules.env, (db) => db.doc(`${collection}/meal-1`).set(mealPrivateBy(people.owner)));
    await assertSucceeds(admin().doc(`${collection}/meal-1`).update({ distributorEmail: 'new@greenbowl.test' }));
    await assertFails(admin().doc(`${collection}/meal-1`).update({ adminUid: people.admin.uid }));
  });
});

describe('an admin writing packages', () => {
  rules.seedGroup((db) => db.doc('packages/gold').set(packageDocument('Gold')));

  it('may add a valid package', async () => {
    await assertSucceeds(admin().doc('packages/silver').set(packageDocument('Silver')));
  });

  it.each([
    ['an unknown tier', { name: 'Diamond' }],
    ['a price given as text', { price: '19.99' }],
    ['a price of 0', { price: 0 }],
    ['no services', { services: [] }],
    ['21 services', { services: Array.from({ length: 21 }, (_, index) => `Service ${index}`) }],
    ['services given as text', { services: 'Everything' }],
    ['an extra field', { discount: 0.5 }],
    ['a weekly request limit given as text', { weeklyRequestLimit: '3' }],
    ['a fractional weekly request limit', { weeklyRequestLimit: 2.5 }],
    ['a negative weekly request limit', { weeklyRequestLimit: -1 }],
    ['priority serving given as text', { priorityServing: 'yes' }],
  ] as Array<[string, Record<string, unknown>]>)('may not add a package with %s', async (_what, change) => {
    await assertFails(
      admin()
        .doc('packages/silver')
        .set({ ...packageDocument('Silver'), ...change }),
    );
  });

  it('may add an unlimited package without priority serving', async () => {
    await assertSucceeds(
      admin()
        .doc('packages/silver')
        .set({ ...packageDocument('Silver'), weeklyRequestLimit: null, priorityServing: false }),
    );
  });

  it('may change the weekly request limit and priority serving of a package', async () => {
    await assertSucceeds(admin().doc('packages/gold').update({ weeklyRequestLimit: 5, priorityServing: false }));
  });

  it.each(['name', 'price', 'services', 'weeklyRequestLimit', 'priorityServing'])(
    'may not add a package without %s',
    async (field) => {
      const { [field as 'name']: _left, ...rest } = packageDocument('Silver');
      await assertFails(admin().doc('packages/silver').set(rest));
    },
  );

  it('may change the price and services of a package', async () => {
    await assertSucceeds(
      admin()
        .doc('packages/gold')
        .update({ price: 34.99, services: ['Priority serving'] }),
    );
  });

  it('may not turn one tier into another', async () => {
    await assertFails(admin().doc('packages/gold').update({ name: 'Platinum' }));
  });

  it('may not give a package a price of 0', async () => {
    await assertFails(admin().doc('packages/gold').update({ price: 0 }));
  });

  it.each(['student', 'member', 'owner'] as const)('%s may not change a price', async (actor) => {
    await assertFails(firestoreAs(rules.env, actor).doc('packages/gold').update({ price: 0.99 }));
  });
});
