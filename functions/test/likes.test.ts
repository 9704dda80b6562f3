import { describe, expect, it } from 'vitest';
import { call, db } from './support/emulators.js';
import { mealData, seedTitledMeal } from './support/meals.js';
import { expiredToken, tokenSignedWithAnotherKey } from './support/tokens.js';
import { createUserDirect } from './support/users.js';

const likeDocs = async (collection: string, mealId: string) =>
  (await db.collection(`${collection}/${mealId}/likes`).get()).docs;

describe('POST /like', () => {
  it('likes a meal once and stores a like keyed by the caller', async () => {
    const user = await createUserDirect();
    const meal = await seedTitledMeal();
    const first = await call('like', { token: user.token, body: { mealId: meal.id, email: user.email } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ modifiedCount: 1, likes: 1 });
    const docs = await likeDocs('meals', meal.id);
    expect(docs.map((doc) => doc.id)).toEqual([user.uid]);
    expect(docs[0]?.get('uid')).toBe(user.uid);

    const again = await call('like', { token: user.token, body: { mealId: meal.id } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ modifiedCount: 0, likes: 1, message: 'You already liked this meal' });
    expect((await mealData(meal.id)).likesCount).toBe(1);
  });

  it('ignores a badge the client claims', async () => {
    const user = await createUserDirect({ badge: 'Bronze' });
    const meal = await seedTitledMeal();
    const response = await call('like', { token: user.token, body: { mealId: meal.id, badge: 'Platinum' } });
    expect(response.status).toBe(200);
    expect((await db.doc(`users/${user.uid}`).get()).get('badge')).toBe('Bronze');
  });

  it("refuses to like in another user's name", async () => {
    const user = await createUserDirect();
    const meal = await seedTitledMeal();
    const response = await call('like', {
      token: user.token,
      body: { mealId: meal.id, email: 'someone-else@test.hostelhub.test' },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/email/i);
    expect(await likeDocs('meals', meal.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown meal', async () => {
    const user = await createUserDirect();
    const response = await call('like', { token: user.token, body: { mealId: 'no-such-meal-id' } });
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/meal/i);
  });

  it('answers 400 naming the field for a missing or malformed mealId', async () => {
    const user = await createUserDirect();
    const missing = await call('like', { token: user.token, untypedBody: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/mealId/);
    const slashed = await call('like', { token: user.token, body: { mealId: 'a/b' } });
    expect(slashed.status).toBe(400);
    expect(slashed.body.message).toMatch(/mealId/);
  });

  it('answers 401 without a token, with an expired one, and with one signed by another key', async () => {
    const user = await createUserDirect();
    const meal = await seedTitledMeal();
    const body = { mealId: meal.id };
    const anonymous = await call('like', { body });
    const expired = await call('like', { token: expiredToken(user.uid, user.email), body });
    const forged = await call('like', { token: tokenSignedWithAnotherKey(user.uid, user.email), body });
    expect([anonymous.status, expired.status, forged.status]).toEqual([401, 401, 401]);
    expect(expired.body.message).toMatch(/token/i);
    expect(await likeDocs('meals', meal.id)).toHaveLength(0);
  });

  it('keeps one like when one user sends several at once through the Functions emulator', async () => {
    // A handful only: each concurrent request starts its own emulator worker process.
    // races.test.ts sends thirty at once to the same app served in-process.
    const user = await createUserDirect();
    const meal = await seedTitledMeal();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => call('like', { token: user.token, body: { mealId: meal.id } })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
    expect(responses.filter((response) => response.body.modifiedCount === 1)).toHaveLength(1);
    expect(await likeDocs('meals', meal.id)).toHaveLength(1);
    expect((await mealData(meal.id)).likesCount).toBe(1);
  });
});

describe('POST /like-upcoming', () => {
  it.each(['Silver', 'Gold', 'Platinum'] as const)('lets a %s member like an upcoming meal once', async (badge) => {
    const member = await createUserDirect({ membership: badge });
    const meal = await seedTitledMeal({ collection: 'upcomingMeals' });
    const first = await call('likeUpcoming', { token: member.token, body: { mealId: meal.id } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ modifiedCount: 1, likes: 1 });
    const again = await call('likeUpcoming', { token: member.token, body: { mealId: meal.id } });
    expect(again.body).toEqual({ modifiedCount: 0, likes: 1, message: 'You already liked this meal' });
    expect((await mealData(meal.id, 'upcomingMeals')).likesCount).toBe(1);
    expect((await likeDocs('upcomingMeals', meal.id)).map((doc) => doc.id)).toEqual([member.uid]);
  });

  it('refuses a Bronze user with 402 even when the body claims a premium badge', async () => {
    const student = await createUserDirect({ badge: 'Bronze' });
    const meal = await seedTitledMeal({ collection: 'upcomingMeals' });
    const response = await call('likeUpcoming', {
      token: student.token,
      body: { mealId: meal.id, badge: 'Gold', email: student.email },
    });
    expect(response.status).toBe(402);
    expect(response.body.message).toMatch(/^Premium only/);
    expect(await likeDocs('upcomingMeals', meal.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown upcoming meal, and for a published meal id', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const published = await seedTitledMeal();
    const unknown = await call('likeUpcoming', { token: member.token, body: { mealId: 'no-such-upcoming' } });
    const wrongKind = await call('likeUpcoming', { token: member.token, body: { mealId: published.id } });
    expect([unknown.status, wrongKind.status]).toEqual([404, 404]);
  });

  it('answers 403 for another email, 400 for bad input, 401 without a valid token', async () => {
    const member = await createUserDirect({ membership: 'Silver' });
    const meal = await seedTitledMeal({ collection: 'upcomingMeals' });
    const otherEmail = await call('likeUpcoming', {
      token: member.token,
      body: { mealId: meal.id, email: 'admin@hostelhub.test' },
    });
    const badInput = await call('likeUpcoming', { token: member.token, untypedBody: { mealId: 42 } });
    const expired = await call('likeUpcoming', {
      token: expiredToken(member.uid, member.email),
      body: { mealId: meal.id },
    });
    expect([otherEmail.status, badInput.status, expired.status]).toEqual([403, 400, 401]);
    expect(await likeDocs('upcomingMeals', meal.id)).toHaveLength(0);
  });
});
