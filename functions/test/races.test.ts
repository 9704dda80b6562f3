// Uniqueness and counters under concurrency: many requests in flight at once (see
// support/local-api.ts for why they are served from this process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from './support/emulators.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { mealData, seedTitledMeal } from './support/meals.js';
import { createTierMember } from './support/tiers.js';
import { createUserDirect, createUsersDirect } from './support/users.js';

let api: LocalApi;
beforeAll(async () => {
  // These tests are about counts, not time: the emulator serialises dozens of transactions on
  // one document far more slowly than Firestore does, and on a busy machine that can outlast
  // the API's 8 s request deadline (ADR 0019), which stall.test.ts and deadline.test.ts cover.
  api = await startLocalApi({ deadlineMs: () => 60_000 });
});
afterAll(async () => {
  await api?.close();
});

const statusesOf = (responses: { status: number }[]) => responses.map((response) => response.status).sort();

describe('concurrent likes', () => {
  it('leave one like and a count of 1 when one user likes 30 times at once', async () => {
    const user = await createUserDirect();
    const meal = await seedTitledMeal();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => api.call('like', { token: user.token, body: { mealId: meal.id } })),
    );
    expect(statusesOf(responses)).toEqual(Array(30).fill(200));
    expect(responses.filter((response) => response.body.modifiedCount === 1)).toHaveLength(1);
    expect((await db.collection(`meals/${meal.id}/likes`).get()).size).toBe(1);
    expect((await mealData(meal.id)).likesCount).toBe(1);
  });

  it('count 30 when 30 users like at once', async () => {
    const users = await createUsersDirect(30);
    const meal = await seedTitledMeal();
    const responses = await Promise.all(
      users.map((user) => api.call('like', { token: user.token, body: { mealId: meal.id } })),
    );
    expect(responses.filter((response) => response.status === 200 && response.body.modifiedCount === 1)).toHaveLength(
      30,
    );
    expect((await db.collection(`meals/${meal.id}/likes`).get()).size).toBe(30);
    expect((await mealData(meal.id)).likesCount).toBe(30);
  });
});

describe('concurrent meal requests', () => {
  const twentyAtOnce = (token: string, mealId: string) =>
    Promise.all(Array.from({ length: 20 }, () => api.call('requestMeal', { token, body: { mealId } })));

  it('make one pending request when a member sends 20 at once: one 201, the rest 208', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const responses = await twentyAtOnce(member.token, meal.id);
    expect(statusesOf(responses)).toEqual([201, ...Array(19).fill(208)]);
    const stored = await db.collection('mealRequests').where('userUid', '==', member.uid).get();
    expect(stored.docs.map((doc) => doc.get('status'))).toEqual(['pending']);
  });

  it('make one new pending request beside the served one when 20 arrive at once after a serve', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const first = await api.call('requestMeal', { token: member.token, body: { mealId: meal.id } });
    await api.call('serveRequest', { token: admin.token, body: { id: first.body.insertedId } });

    const responses = await twentyAtOnce(member.token, meal.id);
    expect(statusesOf(responses)).toEqual([201, ...Array(19).fill(208)]);
    const stored = await db.collection('mealRequests').where('userUid', '==', member.uid).get();
    expect(stored.docs.map((doc) => doc.get('status')).sort()).toEqual(['pending', 'served']);
  });
});

describe('concurrent requests against the weekly quota', () => {
  it('leave exactly 3 requests when a Silver member requests 10 different meals at once', async () => {
    const member = await createTierMember('Silver');
    const meals = [];
    for (let index = 0; index < 10; index++) meals.push(await seedTitledMeal());
    const responses = await Promise.all(
      meals.map((meal) => api.call('requestMeal', { token: member.token, body: { mealId: meal.id } })),
    );
    expect(statusesOf(responses)).toEqual([201, 201, 201, ...Array(7).fill(429)]);
    const stored = await db.collection('mealRequests').where('userUid', '==', member.uid).get();
    expect(stored.docs.map((doc) => doc.get('status'))).toEqual(['pending', 'pending', 'pending']);
  });
});

describe('concurrent reviews', () => {
  it('make one review when one user posts 10 at once', async () => {
    const author = await createUserDirect();
    const meal = await seedTitledMeal();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        api.call('addReview', {
          query: { mealId: meal.id },
          token: author.token,
          body: { comment: `Attempt ${index}`, rating: (index % 5) + 1 },
        }),
      ),
    );
    expect(statusesOf(responses)).toEqual([201, ...Array(9).fill(409)]);
    const reviews = await db.collection(`meals/${meal.id}/reviews`).get();
    expect(reviews.size).toBe(1);
    const rating = reviews.docs[0]!.get('rating') as number;
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 1, ratingTotal: rating, rating });
  });

  it('count every review and average exactly when 10 users review at once', async () => {
    const authors = await createUsersDirect(10);
    const meal = await seedTitledMeal();
    const ratings = [5, 4, 4, 3, 5, 2, 1, 5, 4, 3]; // total 36, average 3.6
    const responses = await Promise.all(
      authors.map((author, index) =>
        api.call('addReview', {
          query: { mealId: meal.id },
          token: author.token,
          body: { comment: 'Shared table', rating: ratings[index]! },
        }),
      ),
    );
    expect(statusesOf(responses)).toEqual(Array(10).fill(201));
    expect((await db.collection(`meals/${meal.id}/reviews`).get()).size).toBe(10);
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 10, ratingTotal: 36, rating: 3.6 });
  });

  it('keep the aggregate exact when edits and deletes by different users race', async () => {
    const authors = await createUsersDirect(6);
    const meal = await seedTitledMeal();
    for (const author of authors) {
      await api.call('addReview', {
        query: { mealId: meal.id },
        token: author.token,
        body: { comment: 'x', rating: 3 },
      });
    }
    // Three raise their rating to 5, three delete their review: 3 reviews of 5 remain.
    const responses = await Promise.all(
      authors.map((author, index) =>
        index % 2 === 0
          ? api.call('editReview', { params: { mealId: meal.id }, token: author.token, body: { rating: 5 } })
          : api.call('deleteReview', { params: { mealId: meal.id }, token: author.token }),
      ),
    );
    expect(statusesOf(responses)).toEqual(Array(6).fill(200));
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 3, ratingTotal: 15, rating: 5 });
  });
});
