// Allergen labels and diet tags on meals, the /meals label filters with exact totals, and the
// member's diet profile (issue: allergens and diets; ADR 0032). Real meals on the emulated
// Firestore, over HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { allergenKeys, type AllergenKey, type DietTag } from '@hostelhub/contracts';
import { call, createUser, db, type TestUser } from './support/emulators.js';
import { mealBody, uniqueWord } from './support/meals.js';
import { createTierMember } from './support/tiers.js';

type MealRow = { _id: string; title: string; allergens: AllergenKey[] | null; dietTags: DietTag[] };

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: 'admin', name: 'Ada Labels' });
});

async function addMeal(body: Record<string, unknown>, route: 'addMeal' | 'addUpcomingMeal' = 'addMeal') {
  const response = await call(route, { token: admin.token, body: mealBody(body) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.insertedId as string;
}

describe('meal labels', () => {
  it('stores the declared allergens and diet tags and returns them to everyone alike', async () => {
    const id = await addMeal({ allergens: ['milk', 'gluten'], dietTags: ['vegetarian'] });
    const visitor = await call('meal', { params: { id } });
    const student = await createUser();
    const signedIn = await call('meal', { params: { id }, token: student.token });
    for (const answer of [visitor, signedIn]) {
      expect(answer.status).toBe(200);
      expect(answer.body.allergens).toEqual(['milk', 'gluten']);
      expect(answer.body.dietTags).toEqual(['vegetarian']);
    }
  });

  it('reads a meal sent without labels (the spec body), and one stored before labels, as undeclared', async () => {
    const id = await addMeal({});
    expect((await call('meal', { params: { id } })).body).toMatchObject({ allergens: null, dietTags: [] });
    const stored = (await db.doc(`meals/${id}`).get()).data() ?? {};
    expect(stored.freeOf).toBeNull();

    await db.doc(`meals/${id}`).update({ allergens: null, dietTags: null, freeOf: null, diets: null });
    const old = db.collection('meals').doc();
    const { distributorEmail: _email, ...fields } = mealBody({ title: 'Stored before labels' });
    await old.set({ ...fields, searchTokens: [], rating: 0, ratingTotal: 0, likesCount: 0, reviewsCount: 0 });
    expect((await call('meal', { params: { id: old.id } })).body).toMatchObject({ allergens: null, dietTags: [] });
  });

  it('keeps "declared free of all 14" apart from undeclared', async () => {
    const id = await addMeal({ allergens: [], dietTags: ['vegan', 'halal'] });
    expect((await call('meal', { params: { id } })).body).toMatchObject({
      allergens: [],
      dietTags: ['vegan', 'halal'],
    });
  });

  it('replaces the labels on edit, and an edit without them makes the meal undeclared again', async () => {
    const id = await addMeal({ allergens: ['eggs'], dietTags: ['vegetarian'] });
    const edited = await call('updateMeal', {
      params: { id },
      token: admin.token,
      body: mealBody({ allergens: ['peanuts', 'sesame'], dietTags: [] }),
    });
    expect(edited.status).toBe(200);
    expect((await call('meal', { params: { id } })).body).toMatchObject({
      allergens: ['peanuts', 'sesame'],
      dietTags: [],
    });
    expect((await call('updateMeal', { params: { id }, token: admin.token, body: mealBody() })).status).toBe(200);
    expect((await call('meal', { params: { id } })).body).toMatchObject({ allergens: null, dietTags: [] });
  });

  it('keeps an upcoming meal’s labels when it is published', async () => {
    const upcomingId = await addMeal({ allergens: ['fish'], dietTags: ['halal'] }, 'addUpcomingMeal');
    const listed = await call('upcomingMeals', { query: { limit: '24' }, token: admin.token });
    const row = (listed.body.items as MealRow[]).find((meal) => meal._id === upcomingId);
    expect(row).toMatchObject({ allergens: ['fish'], dietTags: ['halal'] });
    const published = await call('publishUpcomingMeal', { params: { id: upcomingId }, token: admin.token });
    expect(published.status).toBe(201);
    const meal = await call('meal', { params: { id: published.body.insertedId } });
    expect(meal.body).toMatchObject({ allergens: ['fish'], dietTags: ['halal'] });
    // The published meal is found by the filters like any other.
    const stored = (await db.doc(`meals/${published.body.insertedId}`).get()).data() ?? {};
    expect(stored.freeOf).toMatchObject({ fish: false, milk: true });
  });

  it.each([
    [{ allergens: ['nuts'] }, 'allergens'],
    [{ allergens: ['milk', 'milk'] }, 'allergens'],
    [{ allergens: [...allergenKeys, 'milk'] }, 'allergens'],
    [{ allergens: 'milk' }, 'allergens'],
    [{ dietTags: ['keto'] }, 'dietTags'],
    [{ dietTags: ['vegan', 'vegan'] }, 'dietTags'],
    [{ allergens: ['milk'], dietTags: ['vegan'] }, 'dietTags'],
    [{ allergens: ['eggs'], dietTags: ['vegan'] }, 'dietTags'],
    [{ allergens: ['fish'], dietTags: ['vegetarian'] }, 'dietTags'],
  ])('refuses %j with a 400 naming the field, writing nothing', async (labels, field) => {
    const title = uniqueWord('Refused ');
    const response = await call('addMeal', { token: admin.token, body: mealBody({ title, ...labels }) });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(field);
    const written = await db.collection('meals').where('title', '==', title).get();
    expect(written.size).toBe(0);
  });

  it('says why a vegan meal with milk is refused', async () => {
    const response = await call('addMeal', {
      token: admin.token,
      body: mealBody({ allergens: ['milk', 'eggs'], dietTags: ['vegan'] }),
    });
    expect(response.body.message).toMatch(/vegan meal cannot contain milk, eggs/);
  });
});

describe('GET /meals label filters', () => {
  const word = uniqueWord('lbl').replace(/\d/g, 'x');
  type Fixture = { allergens: AllergenKey[] | null; dietTags: DietTag[]; category: string; price: number };
  const fixtures: Record<string, Fixture> = {
    milkyVeg: { allergens: ['milk', 'gluten'], dietTags: ['vegetarian'], category: 'Breakfast', price: 12 },
    veganNuts: { allergens: ['peanuts'], dietTags: ['vegan', 'vegetarian', 'halal'], category: 'Dinner', price: 15 },
    plainHalal: { allergens: [], dietTags: ['halal'], category: 'Lunch', price: 25 },
    veganFree: { allergens: [], dietTags: ['vegan', 'vegetarian'], category: 'Lunch', price: 8 },
    fishy: { allergens: ['fish', 'soya'], dietTags: [], category: 'Dinner', price: 45 },
    undeclaredVegan: { allergens: null, dietTags: ['vegan'], category: 'Lunch', price: 14 },
    undeclared: { allergens: null, dietTags: [], category: 'Breakfast', price: 20 },
  };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const [name, fixture] of Object.entries(fixtures)) {
      ids[name] = await addMeal({
        title: `${name} ${word}`,
        category: fixture.category,
        price: fixture.price,
        allergens: fixture.allergens,
        dietTags: fixture.dietTags,
      });
    }
  });

  /** What a filter should match, computed from the fixtures rather than written down. */
  function expected(filter: { diet?: DietTag; freeFrom?: AllergenKey[]; category?: string; maxPrice?: number }) {
    return Object.entries(fixtures)
      .filter(([, meal]) => !filter.diet || meal.dietTags.includes(filter.diet))
      .filter(
        ([, meal]) =>
          !filter.freeFrom ||
          (meal.allergens !== null && filter.freeFrom.every((key) => !meal.allergens!.includes(key))),
      )
      .filter(([, meal]) => !filter.category || meal.category === filter.category)
      .filter(([, meal]) => filter.maxPrice === undefined || meal.price < filter.maxPrice)
      .map(([name]) => ids[name])
      .sort();
  }

  async function list(query: string) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let total = -1;
    do {
      const page = new URLSearchParams(`limit=2&search=${word}&${query}`);
      if (cursor) page.set('cursor', cursor);
      const response = await call('meals', { query: page });
      expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
      ids.push(...(response.body.meals as MealRow[]).map((meal) => meal._id));
      total = response.body.total;
      cursor = response.body.nextCursor;
    } while (cursor);
    return { ids: ids.sort(), total };
  }

  it.each([
    ['diet=vegan', { diet: 'vegan' as const }],
    ['diet=halal', { diet: 'halal' as const }],
    ['freeFrom=milk', { freeFrom: ['milk' as const] }],
    ['freeFrom=milk,peanuts', { freeFrom: ['milk' as const, 'peanuts' as const] }],
    ['freeFrom=peanuts,tree-nuts', { freeFrom: ['peanuts' as const, 'tree-nuts' as const] }],
    ['diet=vegan&freeFrom=peanuts', { diet: 'vegan' as const, freeFrom: ['peanuts' as const] }],
    ['diet=vegetarian&category=Lunch', { diet: 'vegetarian' as const, category: 'Lunch' }],
    ['freeFrom=milk&priceRange=10-30', { freeFrom: ['milk' as const], maxPrice: 30 }],
    [
      'diet=vegan&freeFrom=soya&category=Lunch',
      { diet: 'vegan' as const, freeFrom: ['soya' as const], category: 'Lunch' },
    ],
  ])('%s lists exactly the meals it should, across pages, with a total that agrees', async (query, filter) => {
    const min = query.includes('priceRange=10-30') ? 10 : 0;
    const want = expected(filter).filter((id) => {
      const fixture = Object.entries(fixtures).find(([name]) => ids[name] === id)?.[1];
      return (fixture?.price ?? 0) >= min;
    });
    const got = await list(query);
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(want.length);
  });

  it('never matches an undeclared meal with a free-from filter, even one that names nothing it holds', async () => {
    const got = await list('freeFrom=lupin');
    expect(got.ids).not.toContain(ids.undeclared);
    expect(got.ids).not.toContain(ids.undeclaredVegan);
    expect(got.total).toBe(5);
  });

  it.each(['freeFrom=nuts', 'freeFrom=milk,constructor', 'diet=keto', 'diet=constructor'])(
    'refuses %s with a 400 naming the parameter',
    async (query) => {
      const response = await call('meals', { query });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(query.split('=')[0]);
    },
  );
});

describe('PATCH /user/diet', () => {
  it("stores the caller's own profile and GET /user returns it", async () => {
    const student = await createUser();
    expect((await call('user', { token: student.token })).body.diet).toEqual({ avoid: [], diets: [] });
    const saved = await call('updateDiet', {
      token: student.token,
      body: { avoid: ['peanuts', 'milk'], diets: ['halal'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ avoid: ['peanuts', 'milk'], diets: ['halal'] });
    expect((await call('user', { token: student.token })).body.diet).toEqual({
      avoid: ['peanuts', 'milk'],
      diets: ['halal'],
    });
  });

  it.each([
    [{ avoid: ['nuts'], diets: [] }, 'avoid'],
    [{ avoid: ['milk', 'milk'], diets: [] }, 'avoid'],
    [{ avoid: [...allergenKeys, 'milk'], diets: [] }, 'avoid'],
    [{ avoid: [], diets: ['keto'] }, 'diets'],
    [{ avoid: [] }, 'diets'],
    [{ avoid: [], diets: [], uid: 'someone-else' }, 'uid'],
  ])('refuses %j with a 400 naming the field, writing nothing', async (body, field) => {
    const student = await createUser();
    const response = await call('updateDiet', { token: student.token, untypedBody: body });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(field);
    expect((await db.doc(`users/${student.uid}`).get()).get('diet')).toBeUndefined();
  });

  it('needs a token, and changes only the caller', async () => {
    expect((await call('updateDiet', { body: { avoid: [], diets: [] } })).status).toBe(401);
    const one = await createUser();
    const other = await createUser();
    await call('updateDiet', { token: one.token, body: { avoid: ['sesame'], diets: [] } });
    expect((await db.doc(`users/${other.uid}`).get()).get('diet')).toBeUndefined();
  });
});

describe("the kitchen's rows", () => {
  it("carry each diner's avoided allergens beside their name, for admins only", async () => {
    const diner = await createTierMember('Platinum', 'Ana Avoids');
    const other = await createTierMember('Platinum', 'Bo Eats All');
    await call('updateDiet', { token: diner.token, body: { avoid: ['peanuts', 'sesame'], diets: [] } });
    const mealId = await addMeal({ allergens: ['peanuts'], dietTags: ['vegan'] });
    for (const member of [diner, other]) {
      const requested = await call('requestMeal', { token: member.token, body: { mealId } });
      expect(requested.status).toBe(201);
    }
    const queue = await call('requestedMeals', {
      query: { role: 'admin', queue: 'pending', limit: '50' },
      token: admin.token,
    });
    expect(queue.status).toBe(200);
    const rows = (queue.body.items as { mealId: string; userName: string; dinerAvoids?: string[] }[]).filter(
      (row) => row.mealId === mealId,
    );
    expect(rows.map((row) => [row.userName, row.dinerAvoids]).sort()).toEqual([
      ['Ana Avoids', ['peanuts', 'sesame']],
      ['Bo Eats All', []],
    ]);
    const own = await call('requestedMeals', { token: diner.token });
    expect(own.body.items[0].dinerAvoids).toBeUndefined();
  });
});
