import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { routes, type RouteName } from '@hostelhub/contracts';
import { movePrivateMealFields } from '../../scripts/lib/private-meal-fields.mjs';
import { call, createUser, db } from './support/emulators.js';
import { mealBody, seedMeal, uniqueWord } from './support/meals.js';
import { expiredToken, forgedToken } from './support/tokens.js';

const adminRoutes = [
  'allMeals',
  'addMeal',
  'updateMeal',
  'deleteMeal',
  'addUpcomingMeal',
  'deleteUpcomingMeal',
  'publishUpcomingMeal',
  'users',
  'changeRole',
] as const satisfies RouteName[];

describe('admin routes', () => {
  it('refuse a student with 403 and an anonymous caller with 401, writing nothing', async () => {
    const student = await createUser({ name: 'Sneaky Student' });
    const mealId = await seedMeal({ title: `${uniqueWord()} Guarded` });
    for (const name of adminRoutes) {
      const { method } = routes[name];
      const params = { id: mealId, uid: student.uid };
      // One body for every route: the guards refuse before any route reads it.
      const body = method === 'get' || method === 'delete' ? undefined : { ...mealBody(), role: undefined };
      const asStudent = await call(name, { params, token: student.token, untypedBody: body });
      expect(asStudent.status, name).toBe(403);
      const anonymous = await call(name, { params, untypedBody: body });
      expect(anonymous.status, name).toBe(401);
    }
    expect((await db.doc(`meals/${mealId}`).get()).exists).toBe(true);
  });

  it('refuse a forged and an expired token of a real admin', async () => {
    const admin = await createUser({ role: 'admin' });
    for (const token of [forgedToken(admin.uid, admin.email), expiredToken(admin.uid, admin.email)]) {
      const response = await call('addMeal', { token, body: mealBody() });
      expect(response.status).toBe(401);
      expect(response.body.message).toMatch(/token/i);
    }
  });
});

describe('POST /add-meal', () => {
  it('stores the meal with fresh counters and the admin from the profile, not from the client', async () => {
    const admin = await createUser({ role: 'admin', name: 'Ada Kitchen' });
    const title = `${uniqueWord()} Fresh Salad`;
    const response = await call('addMeal', {
      token: admin.token,
      body: { ...mealBody({ title: `  ${title} `, price: 9.99 }), adminName: 'Impostor', adminEmail: 'x@evil.test' },
    });
    expect(response.status).toBe(201);
    const stored = (await db.doc(`meals/${response.body.insertedId}`).get()).data();
    expect(stored).toMatchObject({
      title,
      price: 9.99,
      adminName: 'Ada Kitchen',
      likesCount: 0,
      reviewsCount: 0,
      rating: 0,
      ratingTotal: 0,
    });
    expect(stored).not.toHaveProperty('adminEmail');
    // The publicly readable meal carries no private field; its private half does (ADR 0020).
    expect(stored).not.toHaveProperty('adminUid');
    expect(stored).not.toHaveProperty('distributorEmail');
    expect((await db.doc(`mealPrivate/${response.body.insertedId}`).get()).data()).toEqual({
      adminUid: admin.uid,
      distributorEmail: 'orders@greenbowl.test',
    });
    expect(stored?.postTime).toBeInstanceOf(Timestamp);
    const found = await call('meals', { query: { search: `${title.split(' ')[0]} fresh` } });
    expect(found.body.meals.map((meal: { _id: string }) => meal._id)).toEqual([response.body.insertedId]);
  });

  it('refuses invalid meals with 400 naming the field', async () => {
    const admin = await createUser({ role: 'admin' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '   ' }, /^title: Title is required/],
      [{ title: undefined }, /^title/],
      [{ category: 'Brunch' }, /^category/],
      [{ image: 'ftp://images.test/a.jpg' }, /^image/],
      [{ image: 'images/a.jpg' }, /^image/],
      [{ price: 0 }, /^price/],
      [{ price: 12.345 }, /^price/],
      [{ price: '12' }, /^price/],
      [{ distributorEmail: 'not-an-email' }, /^distributorEmail/],
      [{ title: 'x'.repeat(121) }, /^title/],
      [{ likesCount: 500 }, /likesCount/],
    ];
    for (const [change, message] of cases) {
      const response = await call('addMeal', { token: admin.token, body: mealBody(change) });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    const hosted = await call('addMeal', {
      token: admin.token,
      body: mealBody({ image: 'https://i.ibb.co/abc/soup.jpg', category: 'Dinner' }),
    });
    expect(hosted.status).toBe(201);
  });
});

describe('PUT /meal/{id}', () => {
  it('edits the meal and its search words, keeping counters and author', async () => {
    const admin = await createUser({ role: 'admin' });
    const mealId = await seedMeal({ title: 'Before Edit', likesCount: 3, reviewsCount: 2 });
    const title = `${uniqueWord()} After Edit`;
    const response = await call('updateMeal', {
      params: { id: mealId },
      token: admin.token,
      body: mealBody({ title, price: 30 }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ modifiedCount: 1 });
    const stored = (await db.doc(`meals/${mealId}`).get()).data();
    expect(stored).toMatchObject({ title, price: 30, likesCount: 3, reviewsCount: 2, adminName: 'Fixture Admin' });
    expect((await db.doc(`mealPrivate/${mealId}`).get()).data()).toEqual({
      adminUid: 'fixture-admin',
      distributorEmail: 'orders@greenbowl.test',
    });
    expect(stored?.searchTokens).toContain('after edit');
    expect(stored?.searchTokens).not.toContain('before');
  });

  it('moves the private fields of a meal stored before ADR 0020 out of the public document', async () => {
    const admin = await createUser({ role: 'admin' });
    const mealId = await seedMeal({ title: `${uniqueWord()} Old Shape` }, 'meals', 'before-private-fields');
    // Until it is edited or migrated, the API still shows the old fields to admins only.
    expect((await call('meal', { params: { id: mealId } })).body).not.toHaveProperty('distributorEmail');
    expect((await call('meal', { params: { id: mealId }, token: admin.token })).body.distributorEmail).toBe(
      'orders@greenbowl.test',
    );
    const body = mealBody({ title: 'Old Shape Edited', distributorEmail: 'new@greenbowl.test' });
    expect((await call('updateMeal', { params: { id: mealId }, token: admin.token, body })).status).toBe(200);
    const stored = (await db.doc(`meals/${mealId}`).get()).data();
    expect(stored).toMatchObject({ title: 'Old Shape Edited' });
    expect(stored).not.toHaveProperty('adminUid');
    expect(stored).not.toHaveProperty('distributorEmail');
    expect((await db.doc(`mealPrivate/${mealId}`).get()).data()).toEqual({
      adminUid: 'fixture-admin',
      distributorEmail: 'new@greenbowl.test',
    });
  });

  it('answers 404 for an unknown meal and 400 for a bad body', async () => {
    const admin = await createUser({ role: 'admin' });
    expect(
      (await call('updateMeal', { params: { id: 'no-such-meal' }, token: admin.token, body: mealBody() })).status,
    ).toBe(404);
    const mealId = await seedMeal({ title: 'Stays' });
    const bad = await call('updateMeal', { params: { id: mealId }, token: admin.token, body: mealBody({ price: -1 }) });
    expect(bad.status).toBe(400);
    expect((await db.doc(`meals/${mealId}`).get()).get('price')).toBe(20);
  });
});

describe('meals stored before their private half', () => {
  it('are moved by the start-up migration, in one go and once', async () => {
    const admin = await createUser({ role: 'admin' });
    const title = `${uniqueWord()} Saved Long Ago`;
    const mealId = await seedMeal({ title }, 'meals', 'before-private-fields');
    const upcomingId = await seedMeal({ title }, 'upcomingMeals', 'before-private-fields');

    expect(await movePrivateMealFields(db)).toBeGreaterThanOrEqual(2);
    for (const [collection, privateCollection, id] of [
      ['meals', 'mealPrivate', mealId],
      ['upcomingMeals', 'upcomingMealPrivate', upcomingId],
    ] as const) {
      const stored = (await db.doc(`${collection}/${id}`).get()).data();
      expect(stored).toMatchObject({ title, adminName: 'Fixture Admin' });
      expect(stored).not.toHaveProperty('distributorEmail');
      expect(stored).not.toHaveProperty('adminUid');
      expect((await db.doc(`${privateCollection}/${id}`).get()).data()).toEqual({
        distributorEmail: 'orders@greenbowl.test',
        adminUid: 'fixture-admin',
      });
    }
    // Admins still see the email, now from the private half.
    expect((await call('meal', { params: { id: mealId }, token: admin.token })).body.distributorEmail).toBe(
      'orders@greenbowl.test',
    );
    await movePrivateMealFields(db);
    expect((await db.doc(`mealPrivate/${mealId}`).get()).data()).toEqual({
      distributorEmail: 'orders@greenbowl.test',
      adminUid: 'fixture-admin',
    });
  });
});

describe('DELETE /meal/{id}', () => {
  it('deletes the meal with its likes and reviews', async () => {
    const admin = await createUser({ role: 'admin' });
    const mealId = await seedMeal({ title: 'To Delete' });
    await db.doc(`meals/${mealId}/likes/u1`).set({ uid: 'u1', createdAt: Timestamp.now() });
    await db.doc(`meals/${mealId}/reviews/u1`).set({ uid: 'u1', mealId, rating: 5, comment: 'Great' });
    const response = await call('deleteMeal', { params: { id: mealId }, token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deletedCount: 1 });
    expect((await db.doc(`meals/${mealId}`).get()).exists).toBe(false);
    expect((await db.collection(`meals/${mealId}/likes`).get()).size).toBe(0);
    expect((await db.collection(`meals/${mealId}/reviews`).get()).size).toBe(0);
    expect((await db.doc(`mealPrivate/${mealId}`).get()).exists).toBe(false);
    expect((await call('deleteMeal', { params: { id: mealId }, token: admin.token })).status).toBe(404);
  });
});

describe('GET /all-meals', () => {
  it('orders by likes or reviews, most first, in pages with the distributor email', async () => {
    const admin = await createUser({ role: 'admin' });
    const word = uniqueWord();
    const a = await seedMeal({ title: `${word} A`, likesCount: 900_003, reviewsCount: 900_001 });
    const b = await seedMeal({ title: `${word} B`, likesCount: 900_001, reviewsCount: 900_003 });
    const c = await seedMeal({ title: `${word} C`, likesCount: 900_002, reviewsCount: 900_002 });

    const firstTwo = async (sort: string) => {
      const page1 = await call('allMeals', { query: { sort, limit: '2' }, token: admin.token });
      expect(page1.status).toBe(200);
      const page2 = await call('allMeals', {
        query: { sort, limit: '1', cursor: page1.body.nextCursor },
        token: admin.token,
      });
      return [...page1.body.items, ...page2.body.items];
    };
    const byLikes = await firstTwo('Like');
    expect(byLikes.map((meal: { _id: string }) => meal._id)).toEqual([a, c, b]);
    expect(byLikes[0]).toMatchObject({ likes: 900_003, distributorEmail: 'orders@greenbowl.test' });
    const byReviews = await firstTwo('Reviews-count');
    expect(byReviews.map((meal: { _id: string }) => meal._id)).toEqual([b, c, a]);
    const spaced = await call('allMeals', { query: { sort: 'Reviews count', limit: '1' }, token: admin.token });
    expect(spaced.body.items[0]._id).toBe(b);

    const newest = await call('allMeals', { query: { sort: '', limit: '50' }, token: admin.token });
    const times = newest.body.items.map((meal: { postTime: string }) => meal.postTime);
    expect(times).toEqual([...times].sort().reverse());
    expect((await call('allMeals', { query: { sort: 'Price' }, token: admin.token })).status).toBe(400);
  });
});

describe('GET /all-meals search and category', () => {
  it('finds meals by a word of the title as /meals does, narrows by category, pages with cursors and counts exactly', async () => {
    const admin = await createUser({ role: 'admin' });
    const word = uniqueWord();
    const lunches = [
      await seedMeal({ title: `${word} Curry Bowl`, category: 'Lunch', likesCount: 3, minutesAgo: 3 }),
      await seedMeal({ title: `Spiced ${word} Rice`, category: 'Lunch', likesCount: 1, minutesAgo: 2 }),
      await seedMeal({ title: `${word} Noodles`, category: 'Lunch', likesCount: 2, minutesAgo: 1 }),
    ];
    const dinner = await seedMeal({ title: `${word} Stew`, category: 'Dinner', likesCount: 9 });
    await seedMeal({ title: `Plain Lunch ${uniqueWord()}`, category: 'Lunch' });
    const get = (query: Record<string, string>) =>
      call('allMeals', { query: new URLSearchParams(query), token: admin.token });

    const searched = await get({ search: word.toUpperCase(), limit: '50' });
    expect(searched.status).toBe(200);
    expect(searched.body.total).toBe(4);
    expect(searched.body.items.map((meal: { _id: string }) => meal._id)).toEqual([
      dinner,
      lunches[2],
      lunches[1],
      lunches[0],
    ]);
    expect(searched.body.items[0]).toMatchObject({ distributorEmail: 'orders@greenbowl.test' });

    // The same words find the same meals as the public list.
    const publicList = await call('meals', { query: new URLSearchParams({ search: word, limit: '24' }) });
    expect(publicList.body.total).toBe(searched.body.total);

    const page1 = await get({ search: word, category: 'Lunch', sort: 'Like', limit: '2' });
    expect(page1.body.total).toBe(3);
    expect(page1.body.items.map((meal: { _id: string }) => meal._id)).toEqual([lunches[0], lunches[2]]);
    const page2 = await get({
      search: word,
      category: 'Lunch',
      sort: 'Like',
      limit: '2',
      cursor: page1.body.nextCursor,
    });
    expect(page2.body.items.map((meal: { _id: string }) => meal._id)).toEqual([lunches[1]]);
    expect(page2.body.nextCursor).toBeNull();
    expect(page2.body.total).toBe(3);

    const phrase = await get({ search: `spiced ${word}`, sort: 'Reviews-count' });
    expect(phrase.body.items.map((meal: { _id: string }) => meal._id)).toEqual([lunches[1]]);
    const none = await get({ search: `${word} nothing`, category: 'Dinner' });
    expect(none.body).toEqual({ items: [], nextCursor: null, total: 0 });

    const everyDinner = await get({ category: 'Dinner', limit: '50' });
    expect(everyDinner.body.items.every((meal: { category: string }) => meal.category === 'Dinner')).toBe(true);
    expect(everyDinner.body.total).toBeGreaterThanOrEqual(1);

    expect((await get({ category: 'Brunch' })).status).toBe(400);
    expect((await get({ search: 'x'.repeat(201) })).status).toBe(400);
  });
});

describe('upcoming meals (admin)', () => {
  it('adds and deletes an upcoming meal', async () => {
    const admin = await createUser({ role: 'admin', name: 'Uma Upcoming' });
    const added = await call('addUpcomingMeal', { token: admin.token, body: mealBody({ category: 'Dinner' }) });
    expect(added.status).toBe(201);
    const id = added.body.insertedId;
    expect((await db.doc(`upcomingMeals/${id}`).get()).data()).toMatchObject({
      adminName: 'Uma Upcoming',
      likesCount: 0,
      category: 'Dinner',
    });
    expect((await call('addUpcomingMeal', { token: admin.token, body: mealBody({ price: 0 }) })).status).toBe(400);

    const deleted = await call('deleteUpcomingMeal', { params: { id }, token: admin.token });
    expect(deleted.body).toEqual({ deletedCount: 1 });
    expect((await db.doc(`upcomingMeals/${id}`).get()).exists).toBe(false);
    expect((await call('deleteUpcomingMeal', { params: { id }, token: admin.token })).status).toBe(404);
  });

  it('publishes atomically: the meal exists with fresh counters and the upcoming entry and its likes are gone', async () => {
    const admin = await createUser({ role: 'admin' });
    const title = `${uniqueWord()} Published Pie`;
    const upcomingId = await seedMeal({ title, likesCount: 2, category: 'Dinner', price: 22.5 }, 'upcomingMeals');
    for (const uid of ['fan-1', 'fan-2']) {
      await db.doc(`upcomingMeals/${upcomingId}/likes/${uid}`).set({ uid, createdAt: Timestamp.now() });
    }
    const before = Date.now();
    const response = await call('publishUpcomingMeal', { params: { id: upcomingId }, token: admin.token });
    expect(response.status).toBe(201);
    const mealId = response.body.insertedId as string;
    expect(mealId).not.toBe(upcomingId);

    const meal = (await db.doc(`meals/${mealId}`).get()).data();
    expect(meal).toMatchObject({
      title,
      category: 'Dinner',
      price: 22.5,
      likesCount: 0,
      reviewsCount: 0,
      rating: 0,
      ratingTotal: 0,
      adminName: 'Fixture Admin',
    });
    expect((meal?.postTime as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5_000);
    expect(meal?.searchTokens).toContain('published pie');
    expect(meal).not.toHaveProperty('distributorEmail');
    expect(meal).not.toHaveProperty('adminUid');
    expect((await db.doc(`mealPrivate/${mealId}`).get()).data()).toEqual({
      adminUid: 'fixture-admin',
      distributorEmail: 'orders@greenbowl.test',
    });
    expect((await db.doc(`upcomingMealPrivate/${upcomingId}`).get()).exists).toBe(false);
    expect((await db.doc(`upcomingMeals/${upcomingId}`).get()).exists).toBe(false);
    expect((await db.collection(`upcomingMeals/${upcomingId}/likes`).get()).size).toBe(0);

    const again = await call('publishUpcomingMeal', { params: { id: upcomingId }, token: admin.token });
    expect(again.status).toBe(404);
  });

  it('writes nothing when publishing an unknown id', async () => {
    const admin = await createUser({ role: 'admin' });
    const countMeals = async () => (await db.collection('meals').count().get()).data().count;
    const before = await countMeals();
    const response = await call('publishUpcomingMeal', { params: { id: 'no-such-upcoming' }, token: admin.token });
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/upcoming meal not found/i);
    expect(await countMeals()).toBe(before);
  });
});
