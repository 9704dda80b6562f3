// Reservations named by their serving (issue 51): POST /servings/{id}/reservation reserves by
// the rules of POST /meal-request with a servingId (which keeps working, and the two meet on
// one place), DELETE /servings/{id}/reservation gives it back by the rules of
// PATCH /meal-request/{id}/cancel, and GET /my-reservations pages through every reservation a
// member holds from today on, however many, today's served ones included.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, reservationOutcomeUnknownMessage, type RequestedMeal } from '@hostelhub/contracts';
import { rateLimitSettings } from '../src/config.js';
import { call, db } from './support/emulators.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { seedTitledMeal } from './support/meals.js';
import { bodyWithCutoffIn, isolatedWeek, newAdmin, planServing, servingData } from './support/menu.js';
import { createTierMember } from './support/tiers.js';
import { validToken } from './support/tokens.js';
import { createUserDirect } from './support/users.js';

const reserve = (token: string, servingId: string) => call('reserve', { token, params: { id: servingId } });
const cancel = (token: string, servingId: string) => call('cancelReservation', { token, params: { id: servingId } });
const requestDoc = async (id: string) => (await db.doc(`mealRequests/${id}`).get()).data();
const requestsOf = (uid: string) => db.collection('mealRequests').where('userUid', '==', uid).get();

/** A dinner two days on, its reservations open for `cutoffInMs` more. */
async function plannedDinner(options: { capacity?: number | null; cutoffInMs?: number } = {}) {
  const admin = await newAdmin();
  const meal = await seedTitledMeal();
  const body = bodyWithCutoffIn(meal.id, options.cutoffInMs ?? 3_600_000, { capacity: options.capacity ?? null });
  return { admin, meal, servingId: await planServing(admin.token, body) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /servings/{id}/reservation', () => {
  it('takes a place for the caller, then answers 208 naming it, as POST /meal-request does', async () => {
    const { meal, servingId } = await plannedDinner({ capacity: 5 });
    const member = await createUserDirect({ membership: 'Gold' });
    const made = await reserve(member.token, servingId);
    expect(made.status).toBe(201);
    expect(await requestDoc(made.body.insertedId)).toMatchObject({
      mealId: meal.id,
      servingId,
      userUid: member.uid,
      status: 'pending',
    });
    expect((await servingData(servingId))?.reserved).toBe(1);

    const again = await reserve(member.token, servingId);
    expect(again).toEqual({
      status: 208,
      body: {
        message: expect.stringMatching(/^You already have a place at Dinner on /),
        requestId: made.body.insertedId,
      },
    });
    // The older call is the same reservation: it finds the place too, and takes no second one.
    const byRequest = await call('requestMeal', { token: member.token, body: { mealId: meal.id, servingId } });
    expect(byRequest).toMatchObject({ status: 208, body: { requestId: made.body.insertedId } });
    expect((await requestsOf(member.uid)).size).toBe(1);
    expect((await servingData(servingId))?.reserved).toBe(1);
  });

  it('finds a place taken through POST /meal-request', async () => {
    const { meal, servingId } = await plannedDinner();
    const member = await createUserDirect({ membership: 'Gold' });
    const made = await call('requestMeal', { token: member.token, body: { mealId: meal.id, servingId } });
    expect(made.status).toBe(201);
    expect(await reserve(member.token, servingId)).toMatchObject({
      status: 208,
      body: { requestId: made.body.insertedId },
    });
  });

  it('refuses, writing nothing: no token, no membership, an unknown or malformed serving, full, past the cutoff', async () => {
    const { servingId } = await plannedDinner({ capacity: 1 });
    const [student, member, late] = [
      await createUserDirect(),
      await createUserDirect({ membership: 'Gold' }),
      await createUserDirect({ membership: 'Gold' }),
    ];
    expect((await call('reserve', { params: { id: servingId } })).status).toBe(401);
    expect(await reserve(student.token, servingId)).toMatchObject({
      status: 402,
      body: { message: 'A membership is required to request meals' },
    });
    expect(await reserve(member.token, 'no-such-serving')).toMatchObject({
      status: 404,
      body: { message: 'Serving not found' },
    });
    const malformed = await reserve(member.token, 'bad/id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^id: /);
    expect((await requestsOf(member.uid)).size).toBe(0);

    expect((await reserve(member.token, servingId)).status).toBe(201);
    const full = await reserve(late.token, servingId);
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/fully booked/);
    expect((await requestsOf(late.uid)).size).toBe(0);

    const { servingId: closing } = await plannedDinner({ cutoffInMs: 30_000 });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const closed = await reserve(late.token, closing);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/^Reservations for Dinner on .* closed at /);
    expect((await servingData(closing))?.reserved).toBe(0);
  });

  it('says at the deadline that the reservation may have been made, then repeats truthfully', async () => {
    const { servingId } = await plannedDinner();
    const member = await createUserDirect({ membership: 'Gold' });
    // Past the deadline while the call is still on its way in: the reservation goes on after it.
    const hasty = await startLocalApi({ deadlineMs: () => 20 });
    try {
      const answer = await hasty.call('reserve', { token: member.token, params: { id: servingId } });
      expect(answer).toEqual({ status: 503, body: { message: reservationOutcomeUnknownMessage, outcome: 'unknown' } });
    } finally {
      await hasty.close();
    }
    const repeated = await reserve(member.token, servingId);
    const records = await requestsOf(member.uid);
    expect(records.size).toBe(1);
    expect([201, 208]).toContain(repeated.status);
    expect(repeated.body.insertedId ?? repeated.body.requestId).toBe(records.docs[0]!.id);
  });
});

describe('DELETE /servings/{id}/reservation', () => {
  it("gives the caller's place back, so it may be taken again, and answers 404 once none is held", async () => {
    const { servingId } = await plannedDinner({ capacity: 1 });
    const [member, other] = [
      await createUserDirect({ membership: 'Gold' }),
      await createUserDirect({ membership: 'Gold' }),
    ];
    const made = await reserve(member.token, servingId);
    // Another member holds nothing here, and cannot cancel the member's place.
    expect(await cancel(other.token, servingId)).toEqual({
      status: 404,
      body: { message: 'You hold no reservation for this serving' },
    });
    expect((await servingData(servingId))?.reserved).toBe(1);

    expect(await cancel(member.token, servingId)).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect((await requestDoc(made.body.insertedId))?.status).toBe('cancelled');
    expect((await servingData(servingId))?.reserved).toBe(0);
    expect(await cancel(member.token, servingId)).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    expect(await cancel(member.token, 'no-such-serving')).toMatchObject({ status: 404 });
    expect((await cancel(member.token, 'bad/id')).body.message).toMatch(/^id: /);

    expect((await reserve(other.token, servingId)).status).toBe(201);
  });

  it('refuses after the cutoff and once served, as PATCH /meal-request/{id}/cancel does, changing nothing', async () => {
    const { admin, servingId } = await plannedDinner({ cutoffInMs: 30_000 });
    const [member, served] = [
      await createUserDirect({ membership: 'Gold' }),
      await createUserDirect({ membership: 'Gold' }),
    ];
    await reserve(member.token, servingId);
    const servedId = (await reserve(served.token, servingId)).body.insertedId;
    expect((await call('serveRequest', { token: admin.token, body: { id: servedId } })).status).toBe(200);
    const refusedServed = await cancel(served.token, servingId);
    expect(refusedServed).toEqual({ status: 409, body: { message: 'Only a pending request can be cancelled' } });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const cooked = await cancel(member.token, servingId);
    expect(cooked.status).toBe(409);
    expect(cooked.body.message).toMatch(/the kitchen has cooked, so it can no longer be cancelled$/);
    expect(await servingData(servingId)).toMatchObject({ reserved: 2, served: 1 });
  });
});

describe('GET /my-reservations', () => {
  let roomy: LocalApi;
  // Planning and reserving 26 servings is past a person's writes a minute (rate-limits.test.ts
  // covers the limit): this file's own API allows them, as an admin's week of planning would.
  beforeAll(async () => {
    roomy = await startLocalApi({ rateLimits: () => ({ ...rateLimitSettings(), writesPerMinute: 10_000 }) });
  });
  afterAll(() => roomy?.close());

  it('pages through all 26 reservations a member holds, by day soonest first, served ones too', async () => {
    const admin = await newAdmin();
    const member = await createTierMember('Platinum');
    const [first, second] = [await seedTitledMeal(), await seedTitledMeal()];
    const week = isolatedWeek();
    // Two lunches and two dinners a day for a week, 26 of the 28 reserved.
    const servings: { id: string; date: string }[] = [];
    for (let day = 0; day < 7; day++) {
      for (const slot of ['lunch', 'dinner'] as const) {
        for (const meal of [first, second]) {
          const date = addDays(week, day);
          const answer = await roomy.call('addServing', { token: admin.token, body: { mealId: meal.id, date, slot } });
          expect(answer.status).toBe(201);
          servings.push({ id: answer.body.insertedId, date });
        }
      }
    }
    const held = servings.slice(0, 26);
    const ids: string[] = [];
    for (const serving of held) {
      const made = await roomy.call('reserve', { token: member.token, params: { id: serving.id } });
      expect(made.status).toBe(201);
      ids.push(made.body.insertedId);
    }
    // One of them served: the member still holds it, and the menu still shows it as theirs.
    const served = await roomy.call('serveRequest', { token: admin.token, body: { id: ids[25]! } });
    expect(served.status).toBe(200);

    const firstPage = await roomy.call('myReservations', { token: member.token });
    expect(firstPage.status).toBe(200);
    expect(firstPage.body.items).toHaveLength(20);
    expect(firstPage.body.nextCursor).toEqual(expect.any(String));
    const secondPage = await roomy.call('myReservations', {
      token: member.token,
      query: { cursor: firstPage.body.nextCursor },
    });
    expect(secondPage.body).toMatchObject({ nextCursor: null });
    const listed: RequestedMeal[] = [...firstPage.body.items, ...secondPage.body.items];
    expect(listed.map((item) => item._id).sort()).toEqual([...ids].sort());
    const dates = listed.map((item) => item.serving?.date ?? '');
    expect(dates).toEqual([...dates].sort());
    expect(listed.find((item) => item._id === ids[25])).toMatchObject({ status: 'delivered' });

    const onePage = await roomy.call('myReservations', { token: member.token, query: { limit: 50 } });
    expect(onePage.body.items.map((item: RequestedMeal) => item._id)).toEqual(listed.map((item) => item._id));
    expect(onePage.body.nextCursor).toBeNull();
  });
});

describe('GET /my-reservations, what it leaves out', () => {
  it('leaves out cancelled reservations and those of past days, and refuses a bad cursor or limit', async () => {
    const admin = await newAdmin();
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const week = isolatedWeek();
    const [monday, wednesday, friday] = [
      await planServing(admin.token, { mealId: meal.id, date: week, slot: 'lunch' }),
      await planServing(admin.token, { mealId: meal.id, date: addDays(week, 2), slot: 'lunch' }),
      await planServing(admin.token, { mealId: meal.id, date: addDays(week, 4), slot: 'lunch' }),
    ];
    const mondays = (await reserve(member.token, monday)).body.insertedId;
    await reserve(member.token, wednesday);
    const fridays = (await reserve(member.token, friday)).body.insertedId;
    expect((await cancel(member.token, wednesday)).status).toBe(200);
    const listed = await call('myReservations', { token: member.token });
    expect(listed.body.items.map((item: RequestedMeal) => item._id)).toEqual([mondays, fridays]);

    const badCursor = await call('myReservations', { token: member.token, query: { cursor: 'made-up' } });
    expect(badCursor).toEqual({ status: 400, body: { message: 'cursor: not a valid cursor for this list' } });
    const badLimit = await call('myReservations', { token: member.token, query: { limit: 51 } });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.message).toMatch(/^limit: /);

    // On Wednesday, Monday's lunch is a past day's and is no longer listed; Friday's is.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${addDays(week, 2)}T12:00:00Z`).getTime() });
    // A token of that day: the member's own would have expired by then.
    const later = validToken(member.uid, member.email);
    const onWednesday = await call('myReservations', { token: later });
    expect(onWednesday.body.items.map((item: RequestedMeal) => item._id)).toEqual([fridays]);
  });
});
