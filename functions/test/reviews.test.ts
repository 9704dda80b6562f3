import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { reviewIdFor } from '../src/features/reviews/review-id.js';
import { call, db } from './support/emulators.js';
import { mealData, reviewIdOf, seedTitledMeal } from './support/meals.js';
import { expiredToken, tokenSignedWithAnotherKey } from './support/tokens.js';
import { createUserDirect } from './support/users.js';

const reviewDoc = async (mealId: string, uid: string) =>
  (await db.doc(`meals/${mealId}/reviews/${reviewIdOf(mealId, uid)}`).get()).data();

function postReview(token: string, mealId: string, body: Record<string, unknown>) {
  return call('addReview', { query: { mealId }, token, untypedBody: body });
}

describe('POST /add-review', () => {
  it('stores the review under the author from their profile, without an email, and rates the meal', async () => {
    const author = await createUserDirect({ name: 'Tomás Ortega', photoURL: 'https://example.test/tomas.png' });
    const meal = await seedTitledMeal();
    const response = await postReview(author.token, meal.id, {
      comment: '  Lovely curry  ',
      rating: 4,
      userName: 'Someone Famous',
      email: author.email,
      img: 'https://evil.test/x.png',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ modifiedCount: 1, insertedId: reviewIdOf(meal.id, author.uid) });
    const stored = await reviewDoc(meal.id, author.uid);
    expect(stored).toMatchObject({
      uid: author.uid,
      mealId: meal.id,
      mealTitle: meal.title,
      userName: 'Tomás Ortega',
      img: 'https://example.test/tomas.png',
      comment: 'Lovely curry',
      rating: 4,
    });
    expect(stored).not.toHaveProperty('email');
    expect(JSON.stringify(stored)).not.toContain(author.email);
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 1, ratingTotal: 4, rating: 4 });
  });

  it('answers 409 to a second review by the same user and leaves the aggregate alone', async () => {
    const author = await createUserDirect();
    const meal = await seedTitledMeal();
    expect((await postReview(author.token, meal.id, { comment: 'Good', rating: 5 })).status).toBe(201);
    const second = await postReview(author.token, meal.id, { comment: 'Bad', rating: 1 });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You already reviewed this meal');
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 1, ratingTotal: 5, rating: 5 });
  });

  it('answers 400 naming the field for a bad rating, an empty comment or a missing mealId', async () => {
    const author = await createUserDirect();
    const meal = await seedTitledMeal();
    const fractional = await postReview(author.token, meal.id, { comment: 'Fine', rating: 3.5 });
    const tooHigh = await postReview(author.token, meal.id, { comment: 'Fine', rating: 6 });
    const blank = await postReview(author.token, meal.id, { comment: '   ', rating: 3 });
    const tooLong = await postReview(author.token, meal.id, { comment: 'x'.repeat(1001), rating: 3 });
    const noMeal = await call('addReview', { token: author.token, body: { comment: 'Fine', rating: 3 } });
    expect([fractional, tooHigh, blank, tooLong, noMeal].map((response) => response.status)).toEqual([
      400, 400, 400, 400, 400,
    ]);
    expect(fractional.body.message).toMatch(/rating/);
    expect(blank.body.message).toMatch(/comment/);
    expect(noMeal.body.message).toMatch(/mealId/);
    expect((await mealData(meal.id)).reviewsCount).toBe(0);
  });

  it('answers 403 for another email, 404 for an unknown meal, 401 for bad tokens', async () => {
    const author = await createUserDirect();
    const meal = await seedTitledMeal();
    const body = { comment: 'Nice', rating: 3 };
    const otherEmail = await postReview(author.token, meal.id, { ...body, email: 'student@hostelhub.test' });
    const unknown = await postReview(author.token, 'no-such-meal', body);
    const expired = await postReview(expiredToken(author.uid, author.email), meal.id, body);
    const forged = await postReview(tokenSignedWithAnotherKey(author.uid, author.email), meal.id, body);
    const anonymous = await call('addReview', { query: { mealId: meal.id }, body });
    expect([otherEmail, unknown, expired, forged, anonymous].map((response) => response.status)).toEqual([
      403, 404, 401, 401, 401,
    ]);
    expect(await reviewDoc(meal.id, author.uid)).toBeUndefined();
  });
});

describe('PATCH and DELETE /review/{mealId}', () => {
  it('keeps the aggregate exact through an edit and a delete', async () => {
    const [first, second] = [await createUserDirect(), await createUserDirect()];
    const meal = await seedTitledMeal();
    await postReview(first.token, meal.id, { comment: 'Okay', rating: 2 });
    await postReview(second.token, meal.id, { comment: 'Great', rating: 5 });
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 2, ratingTotal: 7, rating: 3.5 });

    const edited = await call('editReview', {
      params: { mealId: meal.id },
      token: first.token,
      body: { rating: 4, comment: 'Better' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ modifiedCount: 1 });
    expect(await reviewDoc(meal.id, first.uid)).toMatchObject({ rating: 4, comment: 'Better' });
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 2, ratingTotal: 9, rating: 4.5 });

    const commentOnly = await call('editReview', {
      params: { mealId: meal.id },
      token: second.token,
      body: { comment: 'Still great' },
    });
    expect(commentOnly.status).toBe(200);
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 2, ratingTotal: 9, rating: 4.5 });

    const deleted = await call('deleteReview', { params: { mealId: meal.id }, token: second.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deletedCount: 1 });
    expect(await reviewDoc(meal.id, second.uid)).toBeUndefined();
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 1, ratingTotal: 4, rating: 4 });

    await call('deleteReview', { params: { mealId: meal.id }, token: first.token });
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 0, ratingTotal: 0, rating: 0 });
  });

  it('answers 404 to a user without a review of that meal, so nobody edits or deletes another review', async () => {
    const [author, intruder] = [await createUserDirect(), await createUserDirect()];
    const meal = await seedTitledMeal();
    await postReview(author.token, meal.id, { comment: 'Mine', rating: 3 });
    const edit = await call('editReview', { params: { mealId: meal.id }, token: intruder.token, body: { rating: 1 } });
    const remove = await call('deleteReview', { params: { mealId: meal.id }, token: intruder.token });
    const unknownMeal = await call('deleteReview', { params: { mealId: 'no-such-meal' }, token: author.token });
    expect([edit.status, remove.status, unknownMeal.status]).toEqual([404, 404, 404]);
    expect(await reviewDoc(meal.id, author.uid)).toMatchObject({ comment: 'Mine', rating: 3 });
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 1, ratingTotal: 3, rating: 3 });
  });

  it('answers 400 for an empty or invalid edit and 401 without a valid token', async () => {
    const author = await createUserDirect();
    const meal = await seedTitledMeal();
    await postReview(author.token, meal.id, { comment: 'Mine', rating: 3 });
    const empty = await call('editReview', { params: { mealId: meal.id }, token: author.token, body: {} });
    const badRating = await call('editReview', {
      params: { mealId: meal.id },
      token: author.token,
      body: { rating: 0 },
    });
    const expired = await call('editReview', {
      params: { mealId: meal.id },
      token: expiredToken(author.uid, author.email),
      body: { rating: 1 },
    });
    const anonymousDelete = await call('deleteReview', { params: { mealId: meal.id } });
    const invalidMealId = await call('deleteReview', { params: { mealId: '__reserved__' }, token: author.token });
    expect([empty.status, badRating.status, expired.status, anonymousDelete.status, invalidMealId.status]).toEqual([
      400, 400, 401, 401, 400,
    ]);
    expect(empty.body.message).toMatch(/comment or rating/);
    expect(await reviewDoc(meal.id, author.uid)).toMatchObject({ rating: 3 });
  });
});

describe('GET /reviews', () => {
  it("lists the caller's reviews newest first with each meal's current like count, paged", async () => {
    const author = await createUserDirect();
    const other = await createUserDirect();
    const meals = [await seedTitledMeal(), await seedTitledMeal(), await seedTitledMeal()];
    for (const [index, meal] of meals.entries()) {
      expect((await postReview(author.token, meal.id, { comment: `Review ${index}`, rating: index + 1 })).status).toBe(
        201,
      );
    }
    await postReview(other.token, meals[0]!.id, { comment: 'Not mine', rating: 5 });
    await db.doc(`meals/${meals[1]!.id}`).update({ likesCount: 11 });

    const first = await call('myReviews', { query: { email: author.email, limit: '2' }, token: author.token });
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([
      {
        _id: reviewIdOf(meals[2]!.id, author.uid),
        mealId: meals[2]!.id,
        mealTitle: meals[2]!.title,
        like: 0,
        comment: 'Review 2',
        rating: 3,
        timeStamp: expect.any(String),
      },
      expect.objectContaining({ mealId: meals[1]!.id, like: 11, comment: 'Review 1' }),
    ]);
    const second = await call('myReviews', {
      query: { limit: '2', cursor: first.body.nextCursor },
      token: author.token,
    });
    expect(second.status).toBe(200);
    expect(second.body.items.map((row: any) => row.comment)).toEqual(['Review 0']);
    expect(second.body.nextCursor).toBeNull();
  });

  it("answers 403 to a student naming another user's email, 400 for a bad cursor, 401 for bad tokens", async () => {
    const student = await createUserDirect();
    const other = await createUserDirect();
    const foreign = await call('myReviews', { query: { email: other.email }, token: student.token });
    const badCursor = await call('myReviews', { query: { cursor: 'not-a-cursor' }, token: student.token });
    const expired = await call('myReviews', { token: expiredToken(student.uid, student.email) });
    const forged = await call('myReviews', { token: tokenSignedWithAnotherKey(student.uid, student.email) });
    expect([foreign.status, badCursor.status, expired.status, forged.status]).toEqual([403, 400, 401, 401]);
  });

  it("lets an admin read a user's reviews by email", async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const author = await createUserDirect();
    const meal = await seedTitledMeal();
    await postReview(author.token, meal.id, { comment: 'Seen by admin', rating: 2 });
    const response = await call('myReviews', { query: { email: author.email }, token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.items.map((row: any) => row.comment)).toEqual(['Seen by admin']);
  });
});

describe('review ids', () => {
  /** The id reviews had before ids were keyed: anyone knowing the uid could compute it. */
  const unkeyedIdOf = (mealId: string, uid: string) =>
    createHash('sha256').update(`review\n${mealId}\n${uid}`).digest('base64url').slice(0, 24);

  it('are keyed with the API secret: not the hash anyone could compute from the uid', async () => {
    const author = await createUserDirect();
    const meal = await seedTitledMeal();
    const response = await postReview(author.token, meal.id, { comment: 'Keyed', rating: 4 });
    expect(response.status).toBe(201);
    expect(response.body.insertedId).toBe(reviewIdOf(meal.id, author.uid));
    expect(response.body.insertedId).not.toBe(unkeyedIdOf(meal.id, author.uid));
    expect(reviewIdFor(meal.id, author.uid, 'another-secret-of-32-characters!!')).not.toBe(response.body.insertedId);
  });

  it('of reviews written before keyed ids: still one per member, editable and deletable by their author', async () => {
    const author = await createUserDirect({ name: 'Early Reviewer' });
    const meal = await seedTitledMeal();
    const earlier = db.doc(`meals/${meal.id}/reviews/${unkeyedIdOf(meal.id, author.uid)}`);
    await earlier.set({
      uid: author.uid,
      mealId: meal.id,
      mealTitle: meal.title,
      userName: 'Early Reviewer',
      img: null,
      comment: 'Written long ago',
      rating: 2,
      timeStamp: Timestamp.now(),
    });
    await db.doc(`meals/${meal.id}`).update({ reviewsCount: 1, ratingTotal: 2, rating: 2 });

    const detail = await call('meal', { params: { id: meal.id }, token: author.token });
    expect(detail.body.reviewed).toBe(true);
    const second = await postReview(author.token, meal.id, { comment: 'Again', rating: 5 });
    expect(second.status).toBe(409);

    const edited = await call('editReview', { params: { mealId: meal.id }, token: author.token, body: { rating: 4 } });
    expect(edited.status).toBe(200);
    expect((await earlier.get()).get('rating')).toBe(4);
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 1, ratingTotal: 4, rating: 4 });

    const other = await createUserDirect();
    expect((await call('deleteReview', { params: { mealId: meal.id }, token: other.token })).status).toBe(404);
    const deleted = await call('deleteReview', { params: { mealId: meal.id }, token: author.token });
    expect(deleted.status).toBe(200);
    expect((await earlier.get()).exists).toBe(false);
    expect(await mealData(meal.id)).toMatchObject({ reviewsCount: 0, ratingTotal: 0, rating: 0 });
    expect((await postReview(author.token, meal.id, { comment: 'Fresh start', rating: 5 })).status).toBe(201);
  });
});
