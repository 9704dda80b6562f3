// Rating the serving one was served at (docs/api.md "Ratings and complaints"): only once
// served, until 48 hours after the serving's end, once per member and serving even when the
// calls race (a second call edits), anonymous to staff, with the rollups counted in the same
// transaction and rebuilt by the rebuild; every refusal a 4xx JSON with nothing written.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultHostelTimeZone, hostelDate, ratingCommentMaxLength } from '@hostelhub/contracts';
import { rebuildRollups } from '../src/lib/rollup-rebuild.js';
import { call, db, type TestUser } from './support/emulators.js';
import { hourMs, reserve, serve, storedReservation, storedServing } from './support/feedback.js';
import { notificationsOf } from './support/notifications.js';
import { movedBy, numberIn, rollup } from './support/rollups.js';
import { createUserDirect } from './support/users.js';

let staff: TestUser;
let admin: TestUser;
beforeAll(async () => {
  staff = await createUserDirect({ role: 'staff', name: 'Kim Kitchen' });
  admin = await createUserDirect({ role: 'admin', name: 'Ada Admin' });
});

const member = (name = 'Mina Member') => createUserDirect({ membership: 'Gold', name });
const rate = (token: string, servingId: string, body: unknown) =>
  call('rateServing', { params: { id: servingId }, token, untypedBody: body });
const ratingDoc = async (servingId: string, uid: string) =>
  (await db.doc(`servingRatings/${servingId}_${uid}`).get()).data();

/** A member reserved and served through the API at a serving open now. */
async function servedMember(name?: string) {
  const serving = await storedServing();
  const person = await member(name);
  const requestId = await reserve(person.token, serving.meal.id, serving.servingId);
  await serve(staff.token, requestId);
  return { ...serving, person, requestId };
}

describe('POST /servings/{id}/rating', () => {
  it('a member served at the serving rates it; the day and month rollups count it in the same write', async () => {
    const { servingId, date, meal, person } = await servedMember();
    const dayBefore = await rollup(date);
    const monthBefore = await rollup(date.slice(0, 7));

    const response = await rate(person.token, servingId, { stars: 4, comment: '  Warm and tasty  ', contactMe: true });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ stars: 4, comment: 'Warm and tasty', contactMe: true, edited: false });
    expect(await ratingDoc(servingId, person.uid)).toMatchObject({
      stars: 4,
      comment: 'Warm and tasty',
      mealId: meal.id,
    });
    const day = await rollup(date);
    const month = await rollup(date.slice(0, 7));
    expect(movedBy(day, dayBefore, 'ratings', 'lunch', 'count')).toBe(1);
    expect(movedBy(day, dayBefore, 'ratings', 'lunch', 'stars')).toBe(4);
    expect(movedBy(month, monthBefore, 'mealRatings', meal.id, 'count')).toBe(1);
    expect((await db.doc(`servings/${servingId}`).get()).data()).toMatchObject({ ratingCount: 1, ratingStars: 4 });
  });

  it('a second call edits the rating: still one rating, the stars moved by the difference', async () => {
    const { servingId, date, meal, person } = await servedMember();
    expect((await rate(person.token, servingId, { stars: 2 })).status).toBe(200);
    const monthBefore = await rollup(date.slice(0, 7));

    const edit = await rate(person.token, servingId, { stars: 5, comment: 'Better than I said' });

    expect(edit.status).toBe(200);
    expect(edit.body).toEqual({ stars: 5, comment: 'Better than I said', contactMe: false, edited: true });
    const month = await rollup(date.slice(0, 7));
    expect(numberIn(month, 'mealRatings', meal.id, 'count')).toBe(
      numberIn(monthBefore, 'mealRatings', meal.id, 'count'),
    );
    expect(movedBy(month, monthBefore, 'mealRatings', meal.id, 'stars')).toBe(3);
    expect((await db.doc(`servings/${servingId}`).get()).data()).toMatchObject({ ratingCount: 1, ratingStars: 5 });
  });

  it('racing calls of one member store one rating, counted once with the stars that won', async () => {
    const { servingId, meal, date, person } = await servedMember();
    const monthBefore = await rollup(date.slice(0, 7));

    const answers = await Promise.all([1, 2, 3, 4, 5].map((stars) => rate(person.token, servingId, { stars })));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.edited === false)).toHaveLength(1);
    const ratings = await db.collection('servingRatings').where('servingId', '==', servingId).get();
    expect(ratings.size).toBe(1);
    const stored = ratings.docs[0]!.get('stars') as number;
    const month = await rollup(date.slice(0, 7));
    expect(movedBy(month, monthBefore, 'mealRatings', meal.id, 'count')).toBe(1);
    expect(movedBy(month, monthBefore, 'mealRatings', meal.id, 'stars')).toBe(stored);
  });

  it('the serve puts "How was lunch today?" in the bell, and undoing the serve takes it back', async () => {
    const { person, requestId } = await servedMember();
    const prompt = (await notificationsOf(person.uid)).find((notice) => notice.kind === 'rate-serving');
    expect(prompt).toMatchObject({ title: 'How was lunch today?', link: '/dashboard/rate-meals' });

    expect((await call('undoServe', { token: staff.token, body: { id: requestId } })).status).toBe(200);
    expect((await notificationsOf(person.uid)).map((notice) => notice.kind)).not.toContain('rate-serving');
  });

  it('refuses a member who reserved but was not served, with nothing written', async () => {
    const serving = await storedServing();
    const person = await member();
    await reserve(person.token, serving.meal.id, serving.servingId);
    const response = await rate(person.token, serving.servingId, { stars: 3 });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/once you have been served/);
    expect(await ratingDoc(serving.servingId, person.uid)).toBeUndefined();
  });

  it('refuses someone who never reserved the serving, and a serving that does not exist', async () => {
    const { servingId } = await servedMember();
    const stranger = await member();
    expect((await rate(stranger.token, servingId, { stars: 3 })).status).toBe(409);
    expect(await ratingDoc(servingId, stranger.uid)).toBeUndefined();
    const missing = await rate(stranger.token, 'no-such-serving', { stars: 3 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Serving not found');
  });

  it('accepts a rating up to 48 hours after the serving ended and refuses it after, editing included', async () => {
    const person = await member();
    const inside = await storedServing({ startedMsAgo: 48 * hourMs, lastsMs: 2 * hourMs, cutoffInMs: -50 * hourMs });
    const outside = await storedServing({ startedMsAgo: 51 * hourMs, lastsMs: 2 * hourMs, cutoffInMs: -52 * hourMs });
    await storedReservation(inside.servingId, person.uid, 'served');
    await storedReservation(outside.servingId, person.uid, 'served');

    expect((await rate(person.token, inside.servingId, { stars: 4 })).status).toBe(200);
    const late = await rate(person.token, outside.servingId, { stars: 4 });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/closed 48 hours after it ended/);
    expect(await ratingDoc(outside.servingId, person.uid)).toBeUndefined();

    // The window closes on an edit too: the stored rating stays as it was.
    await db.doc(`servings/${inside.servingId}`).update({ endsAt: Timestamp.fromMillis(Date.now() - 49 * hourMs) });
    expect((await rate(person.token, inside.servingId, { stars: 1 })).status).toBe(409);
    expect(await ratingDoc(inside.servingId, person.uid)).toMatchObject({ stars: 4 });
  });

  it.each([
    ['no stars', {}, /^stars: /],
    ['0 stars', { stars: 0 }, /^stars: Choose from 1 to 5 stars/],
    ['6 stars', { stars: 6 }, /^stars: /],
    ['3.5 stars', { stars: 3.5 }, /^stars: /],
    ['stars as text', { stars: '5' }, /^stars: /],
    ['a comment over its limit', { stars: 3, comment: 'x'.repeat(ratingCommentMaxLength + 1) }, /^comment: /],
    ['an unknown field', { stars: 3, uid: 'someone-else' }, /uid|Unrecognized/],
  ])('refuses %s with a 400 naming the field, nothing written', async (_what, body, message) => {
    const { servingId, person } = await servedMember();
    const response = await rate(person.token, servingId, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(await ratingDoc(servingId, person.uid)).toBeUndefined();
  });

  it('refuses a visitor without a token', async () => {
    const { servingId } = await servedMember();
    expect((await call('rateServing', { params: { id: servingId }, body: { stars: 3 } })).status).toBe(401);
  });
});

describe('GET /servings/{id}/ratings', () => {
  it('gives staff the average and count with no author; an admin sees only authors who asked to be contacted', async () => {
    const serving = await storedServing();
    const open = await member('Olly Open');
    const quiet = await member('Quinn Quiet');
    for (const [person, body] of [
      [open, { stars: 2, comment: 'Rice was hard', contactMe: true }],
      [quiet, { stars: 5, comment: 'Lovely', contactMe: false }],
    ] as const) {
      await serve(staff.token, await reserve(person.token, serving.meal.id, serving.servingId));
      expect((await rate(person.token, serving.servingId, body)).status).toBe(200);
    }

    const forStaff = await call('servingRatings', { params: { id: serving.servingId }, token: staff.token });
    expect(forStaff.status).toBe(200);
    expect(forStaff.body).toMatchObject({ servingId: serving.servingId, average: 3.5, count: 2 });
    expect(forStaff.body.ratings.map((rating: { author: unknown }) => rating.author)).toEqual([null, null]);

    const forAdmin = await call('servingRatings', { params: { id: serving.servingId }, token: admin.token });
    const authors = forAdmin.body.ratings.map((rating: { comment: string; author: unknown }) => [
      rating.comment,
      rating.author,
    ]);
    expect(authors).toEqual(
      expect.arrayContaining([
        ['Rice was hard', { name: 'Olly Open', email: open.email }],
        ['Lovely', null],
      ]),
    );
    expect(JSON.stringify(forAdmin.body)).not.toContain(quiet.email);
  });

  it('gives staff the day of each rating, no instant, and the ratings in no time order', async () => {
    // Rated in the order 3, 5, 1 stars: neither the latest first (1, 5, 3) nor the oldest
    // first (3, 5, 1) may come back, or staff could match a rating to whom they served when.
    const serving = await storedServing();
    for (const [name, stars] of [
      ['Tia Three', 3],
      ['Fay Five', 5],
      ['Oz One', 1],
    ] as const) {
      const person = await member(name);
      await serve(staff.token, await reserve(person.token, serving.meal.id, serving.servingId));
      expect((await rate(person.token, serving.servingId, { stars, comment: name })).status).toBe(200);
    }
    const today = hostelDate(new Date(), process.env.HOSTEL_TIME_ZONE || defaultHostelTimeZone);
    const forStaff = await call('servingRatings', { params: { id: serving.servingId }, token: staff.token });
    expect(forStaff.status).toBe(200);
    expect(forStaff.body.ratings.map((rating: { stars: number }) => rating.stars)).toEqual([5, 3, 1]);
    for (const rating of forStaff.body.ratings) {
      expect(rating).toMatchObject({ createdAt: null, updatedAt: null, ratedOn: today });
    }
    expect(JSON.stringify(forStaff.body)).not.toMatch(/T\d{2}:\d{2}/);

    const forAdmin = await call('servingRatings', { params: { id: serving.servingId }, token: admin.token });
    expect(forAdmin.body.ratings.map((rating: { stars: number }) => rating.stars)).toEqual([1, 5, 3]);
    expect(forAdmin.body.ratings[0].updatedAt).toEqual(expect.any(String));
  });

  it('refuses members (403) and answers 404 for a serving that does not exist', async () => {
    const { servingId, person } = await servedMember();
    expect((await call('servingRatings', { params: { id: servingId }, token: person.token })).status).toBe(403);
    expect((await call('servingRatings', { params: { id: 'nothing-here' }, token: staff.token })).status).toBe(404);
  });
});

describe('GET /my-ratings/due', () => {
  it('lists the servings the caller was served at and may still rate, with their rating so far', async () => {
    const { servingId, person, meal } = await servedMember();
    const first = await call('dueRatings', { token: person.token });
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([
      expect.objectContaining({ servingId, slot: 'lunch', rating: null, meal: { _id: meal.id, title: meal.title } }),
    ]);

    await rate(person.token, servingId, { stars: 3, comment: 'OK' });
    const second = await call('dueRatings', { token: person.token });
    expect(second.body.items[0].rating).toEqual({ stars: 3, comment: 'OK', contactMe: false });
  });

  it('leaves out servings whose window has closed and reservations not served', async () => {
    const person = await member();
    const closed = await storedServing({ startedMsAgo: 60 * hourMs, lastsMs: hourMs, cutoffInMs: -61 * hourMs });
    const pending = await storedServing({ startedMsAgo: 2 * hourMs, lastsMs: hourMs, cutoffInMs: -3 * hourMs });
    await storedReservation(closed.servingId, person.uid, 'served');
    await storedReservation(pending.servingId, person.uid, 'pending');
    expect((await call('dueRatings', { token: person.token })).body).toEqual({
      items: [],
      timeZone: expect.any(String),
    });
  });
});

describe('the rebuild', () => {
  it('recounts ratings from the stored ratings: a drifted count is found and fixed', async () => {
    // A month no other test rates in: ratings written as the API stores them.
    const month = '2041-03';
    for (const [uid, stars, date] of [
      ['rebuild-a', 2, '2041-03-04'],
      ['rebuild-b', 5, '2041-03-04'],
      ['rebuild-c', 4, '2041-03-20'],
    ] as const) {
      await db.doc(`servingRatings/rebuild-serving-${date}_${uid}`).set({
        servingId: `rebuild-serving-${date}`,
        uid,
        mealId: 'rebuild-meal',
        mealTitle: 'Rebuilt dal',
        date,
        slot: 'dinner',
        stars,
        comment: null,
        contactMe: false,
        createdAt: Timestamp.now(),
        updatedAt: Timestamp.now(),
      });
    }
    const report = await rebuildRollups({ from: month, to: month });
    expect(report.differences).toEqual(
      expect.arrayContaining([
        { document: '2041-03-04', field: 'ratings.dinner.count', stored: 0, rebuilt: 2 },
        { document: '2041-03-04', field: 'ratings.dinner.stars', stored: 0, rebuilt: 7 },
        { document: month, field: 'mealRatings.rebuild-meal.count', stored: 0, rebuilt: 3 },
        { document: month, field: 'mealRatings.rebuild-meal.stars', stored: 0, rebuilt: 11 },
      ]),
    );
    await rebuildRollups({ from: month, to: month, fix: true });
    expect((await rebuildRollups({ from: month, to: month })).differences).toEqual([]);

    const insights = await call('insights', { query: { from: month, to: month }, token: admin.token });
    expect(insights.status).toBe(200);
    expect(insights.body.satisfaction.bySlot).toEqual(
      expect.arrayContaining([{ slot: 'dinner', average: 3.67, count: 3 }]),
    );
    expect(insights.body.satisfaction.byMeal).toEqual([
      { mealId: 'rebuild-meal', title: 'A removed meal', average: 3.67, count: 3 },
    ]);
  });
});
