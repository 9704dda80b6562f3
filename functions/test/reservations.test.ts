// Reservations (ADR 0029): POST /meal-request with a servingId, up to the capacity, before
// the cutoff in the hostel's zone, one per member and serving, counted in the quota of the
// serving's week; cancelling before the cutoff gives the place back.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, servingFullMessage } from '@hostelhub/contracts';
import { call, db } from './support/emulators.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { bodyWithCutoffIn, isolatedWeek, planServing, servingData } from './support/menu.js';
import { seedTitledMeal } from './support/meals.js';
import { createTierMember } from './support/tiers.js';
import { createUserDirect, createUsersDirect } from './support/users.js';

const reserve = (token: string, mealId: string, servingId: string) =>
  call('requestMeal', { token, body: { mealId, servingId } });

const requestDoc = async (id: string) => (await db.doc(`mealRequests/${id}`).get()).data();

async function plannedMeal(options: { capacity?: number | null; cutoffInMs?: number } = {}) {
  const admin = await createUserDirect({ role: 'admin' });
  const meal = await seedTitledMeal();
  const servingId = await planServing(
    admin.token,
    bodyWithCutoffIn(meal.id, options.cutoffInMs ?? 3_600_000, { capacity: options.capacity ?? null }),
  );
  return { admin, meal, servingId };
}

describe('reserving a serving', () => {
  it('takes a place, shows the serving in Requested Meals and My Reservations, and refuses a second one', async () => {
    const { meal, servingId } = await plannedMeal({ capacity: 10 });
    const member = await createUserDirect({ membership: 'Gold' });
    const first = await reserve(member.token, meal.id, servingId);
    expect(first.status).toBe(201);
    const serving = await servingData(servingId);
    expect(await requestDoc(first.body.insertedId)).toMatchObject({
      mealId: meal.id,
      servingId,
      servingDate: serving?.date,
      servingSlot: 'dinner',
      status: 'pending',
    });
    expect(serving?.reserved).toBe(1);

    const second = await reserve(member.token, meal.id, servingId);
    expect(second.status).toBe(208);
    expect(second.body.message).toMatch(/^You already have a place at Dinner on \w{3} \d+ \w{3}$/);
    expect((await servingData(servingId))?.reserved).toBe(1);

    const expectedServing = {
      _id: servingId,
      date: serving?.date,
      slot: 'dinner',
      startsAt: serving?.startsAt.toDate().toISOString(),
      endsAt: serving?.endsAt.toDate().toISOString(),
      cutoffAt: serving?.cutoffAt.toDate().toISOString(),
    };
    const list = await call('requestedMeals', { query: { email: member.email }, token: member.token });
    expect(list.body.items).toEqual([
      expect.objectContaining({ _id: first.body.insertedId, serving: expectedServing }),
    ]);
    const mine = await call('myReservations', { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body.items).toEqual([
      expect.objectContaining({ _id: first.body.insertedId, serving: expectedServing }),
    ]);
  });

  it('refuses an unknown serving, a serving of another meal and a malformed id, writing nothing', async () => {
    const { meal, servingId } = await plannedMeal();
    const other = await seedTitledMeal();
    const member = await createUserDirect({ membership: 'Gold' });
    const unknown = await reserve(member.token, meal.id, 'no-such-serving');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Serving not found' } });
    const mismatch = await reserve(member.token, other.id, servingId);
    expect(mismatch).toMatchObject({ status: 400, body: { message: 'servingId: this serving is of another meal' } });
    expect((await reserve(member.token, meal.id, 'bad/id')).status).toBe(400);
    expect((await reserve(member.token, 'no-such-meal', servingId)).status).toBe(404);
    expect((await db.collection('mealRequests').where('userUid', '==', member.uid).get()).size).toBe(0);
    expect((await servingData(servingId))?.reserved).toBe(0);
  });

  it('is for members: 402 without a membership', async () => {
    const { meal, servingId } = await plannedMeal();
    const student = await createUserDirect();
    expect((await reserve(student.token, meal.id, servingId)).status).toBe(402);
  });

  it('refuses a full serving with the fully-booked message', async () => {
    const { meal, servingId } = await plannedMeal({ capacity: 1 });
    const [first, second] = await createUsersDirect(2, { membership: 'Gold' });
    expect((await reserve(first!.token, meal.id, servingId)).status).toBe(201);
    const full = await reserve(second!.token, meal.id, servingId);
    const serving = await servingData(servingId);
    const [year, month, day] = String(serving?.date).split('-').map(Number);
    const label = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    })
      .format(new Date(Date.UTC(year!, month! - 1, day!)))
      .replace(',', '');
    expect(full).toMatchObject({ status: 409, body: { message: servingFullMessage('dinner', label) } });
    expect(serving?.reserved).toBe(1);
  });

  it('refuses a serving on a closed day', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    // A day of its own: closing it must not touch the other tests' servings.
    const date = addDays(isolatedWeek(), 2);
    const servingId = await planServing(admin.token, { mealId: meal.id, date, slot: 'dinner' });
    await db.doc(`closedDays/${date}`).set({ note: 'Closed', closedBy: admin.uid });
    const refused = await reserve(member.token, meal.id, servingId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^The kitchen is closed on /);
    expect((await servingData(servingId))?.reserved).toBe(0);
  });
});

describe('the cutoff, in the hostel time zone', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names when reservations closed, in wall-clock time across the daylight-saving change', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    // Saturday 24 October 2026 is BST, Monday 26 October GMT: both cutoffs read 10:00 there.
    const saturday = await planServing(admin.token, { mealId: meal.id, date: '2026-10-24', slot: 'lunch' });
    const monday = await planServing(admin.token, { mealId: meal.id, date: '2026-10-26', slot: 'lunch' });
    const breakfast = await planServing(admin.token, { mealId: meal.id, date: '2026-10-26', slot: 'breakfast' });
    expect(await reserve(member.token, meal.id, saturday)).toMatchObject({
      status: 409,
      body: { message: 'Reservations for Lunch on Sat 24 Oct closed at 10:00' },
    });
    expect(await reserve(member.token, meal.id, monday)).toMatchObject({
      status: 409,
      body: { message: 'Reservations for Lunch on Mon 26 Oct closed at 10:00' },
    });
    expect(await reserve(member.token, meal.id, breakfast)).toMatchObject({
      status: 409,
      body: { message: 'Reservations for Breakfast on Mon 26 Oct closed at 20:00 on Sun 25 Oct' },
    });
  });

  it('takes a reservation until the cutoff an admin set seconds away, then refuses it and its cancelling', async () => {
    const { meal, servingId } = await plannedMeal({ cutoffInMs: 30_000 });
    const [early, late] = await createUsersDirect(2, { membership: 'Gold' });
    const made = await reserve(early!.token, meal.id, servingId);
    expect(made.status).toBe(201);
    const cutoff = (await servingData(servingId))?.cutoffAt.toMillis() as number;
    // The app runs in this process: its clock is moved past the cutoff instead of waited on.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.max(cutoff, Date.now()) + 500 });

    const refused = await reserve(late!.token, meal.id, servingId);
    expect(refused.status).toBe(409);
    // The cutoff is today, the dinner two days on: the message names the cutoff's day too.
    expect(refused.body.message).toMatch(
      /^Reservations for Dinner on \w{3} \d+ \w{3} closed at \d\d:\d\d on \w{3} \d+ \w{3}$/,
    );
    const cancel = await call('cancelRequest', { params: { id: made.body.insertedId }, token: early!.token });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toMatch(/the kitchen has cooked, so it can no longer be cancelled$/);
    expect((await requestDoc(made.body.insertedId))?.status).toBe('pending');
    expect((await servingData(servingId))?.reserved).toBe(1);
  });
});

describe('cancelling and serving a reservation', () => {
  it('gives the place back before the cutoff, so the member (or another) may take it again', async () => {
    const { meal, servingId } = await plannedMeal({ capacity: 1 });
    const [member, other] = await createUsersDirect(2, { membership: 'Gold' });
    const made = await reserve(member!.token, meal.id, servingId);
    expect((await reserve(other!.token, meal.id, servingId)).status).toBe(409);
    const cancel = await call('cancelRequest', { params: { id: made.body.insertedId }, token: member!.token });
    expect(cancel.status).toBe(200);
    expect((await servingData(servingId))?.reserved).toBe(0);
    expect((await requestDoc(made.body.insertedId))?.status).toBe('cancelled');
    expect((await reserve(other!.token, meal.id, servingId)).status).toBe(201);
    expect((await reserve(member!.token, meal.id, servingId)).status).toBe(409);
    expect((await servingData(servingId))?.reserved).toBe(1);
  });

  it('counts a served reservation in served, and keeps the member from reserving twice', async () => {
    const { admin, meal, servingId } = await plannedMeal();
    const member = await createUserDirect({ membership: 'Gold' });
    const made = await reserve(member.token, meal.id, servingId);
    const served = await call('serveRequest', { token: admin.token, body: { id: made.body.insertedId } });
    expect(served.status).toBe(200);
    expect(await servingData(servingId)).toMatchObject({ reserved: 1, served: 1 });
    expect((await reserve(member.token, meal.id, servingId)).status).toBe(208);
    // Still the member's place: listed as served, so the menu still shows it as held.
    expect((await call('myReservations', { token: member.token })).body.items).toEqual([
      expect.objectContaining({ _id: made.body.insertedId, status: 'delivered' }),
    ]);
  });

  it('takes a served reservation back out of served when the serve is undone, keeping the place', async () => {
    const { admin, meal, servingId } = await plannedMeal();
    const member = await createUserDirect({ membership: 'Gold' });
    const made = await reserve(member.token, meal.id, servingId);
    const id = made.body.insertedId;
    await call('serveRequest', { token: admin.token, body: { id } });
    expect(await servingData(servingId)).toMatchObject({ reserved: 1, served: 1 });

    const undone = await call('undoServe', { token: admin.token, body: { id } });
    expect(undone.status).toBe(200);
    expect(await servingData(servingId)).toMatchObject({ reserved: 1, served: 0 });
    const own = await call('myReservations', { token: member.token });
    expect(own.body.items.map((item: { _id: string }) => item._id)).toEqual([id]);
    // Still one place per member: the undone reservation holds it.
    expect((await reserve(member.token, meal.id, servingId)).status).toBe(208);
  });
});

describe('Serve Meals narrowed to one serving', () => {
  it("lists only that serving's waiting reservations, in the queue's order, for admins only", async () => {
    const lunch = await plannedMeal();
    const other = await plannedMeal();
    const [first, second, elsewhere] = [
      await createUserDirect({ membership: 'Gold' }),
      await createUserDirect({ membership: 'Gold' }),
      await createUserDirect({ membership: 'Gold' }),
    ];
    const a = (await reserve(first.token, lunch.meal.id, lunch.servingId)).body.insertedId;
    const b = (await reserve(second.token, lunch.meal.id, lunch.servingId)).body.insertedId;
    await reserve(elsewhere.token, other.meal.id, other.servingId);
    const served = await call('serveRequest', { token: lunch.admin.token, body: { id: a } });
    expect(served.status).toBe(200);

    const query = { role: 'admin', queue: 'pending', servingId: lunch.servingId };
    const narrowed = await call('requestedMeals', { query, token: lunch.admin.token });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.items.map((row: { _id: string }) => row._id)).toEqual([b]);
    expect(narrowed.body.items[0].serving).toMatchObject({ _id: lunch.servingId });

    const withoutQueue = await call('requestedMeals', {
      query: { role: 'admin', servingId: lunch.servingId },
      token: lunch.admin.token,
    });
    expect(withoutQueue.status).toBe(400);
    expect(withoutQueue.body).toEqual({ message: 'servingId needs queue=pending' });
    expect((await call('requestedMeals', { query, token: second.token })).status).toBe(403);
    expect(
      (
        await call('requestedMeals', {
          query: { role: 'admin', queue: 'pending', servingId: 'a/b' },
          token: lunch.admin.token,
        })
      ).status,
    ).toBe(400);
  });
});

describe('the weekly quota and reservations', () => {
  it("counts a reservation in the week of the serving's date, and a cancelled one not at all", async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createTierMember('Silver');
    const meal = await seedTitledMeal();
    const week = isolatedWeek();
    const servings = [];
    for (let day = 0; day < 4; day++) {
      servings.push(await planServing(admin.token, { mealId: meal.id, date: addDays(week, day), slot: 'lunch' }));
    }
    const made = [];
    for (const servingId of servings.slice(0, 3)) {
      const response = await reserve(member.token, meal.id, servingId);
      expect(response.status).toBe(201);
      made.push(response.body.insertedId);
    }
    const fourth = await reserve(member.token, meal.id, servings[3]!);
    expect(fourth.status).toBe(429);
    // This week is another week: its quota is untouched by that week's reservations.
    expect((await call('requestMeal', { token: member.token, body: { mealId: meal.id } })).status).toBe(201);
    expect((await call('requestQuota', { token: member.token })).body).toMatchObject({
      used: 1,
      limit: 3,
    });

    expect((await call('cancelRequest', { params: { id: made[0] }, token: member.token })).status).toBe(200);
    expect((await reserve(member.token, meal.id, servings[3]!)).status).toBe(201);
  });

  it("leaves the spec's undated request as it was: no serving, this week's quota", async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const response = await call('requestMeal', { token: member.token, body: { mealId: meal.id } });
    expect(response.status).toBe(201);
    const stored = await requestDoc(response.body.insertedId);
    expect(stored?.servingId).toBeUndefined();
    expect((await call('requestMeal', { token: member.token, body: { mealId: meal.id } })).status).toBe(208);
    const list = await call('requestedMeals', { query: { email: member.email }, token: member.token });
    expect(list.body.items[0]).toMatchObject({ _id: response.body.insertedId, serving: null });
  });
});

describe('racing for the last places', () => {
  let api: LocalApi;
  beforeAll(async () => {
    // As in races.test.ts: the emulator serialises the transactions on one serving slowly.
    api = await startLocalApi({ deadlineMs: () => 60_000 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('gives 5 places to exactly 5 of 20 members reserving at once', async () => {
    const { meal, servingId } = await plannedMeal({ capacity: 5 });
    const members = await createUsersDirect(20, { membership: 'Gold' });
    const responses = await Promise.all(
      members.map((member) => api.call('requestMeal', { token: member.token, body: { mealId: meal.id, servingId } })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(409)]);
    expect((await servingData(servingId))?.reserved).toBe(5);
    const records = await db.collection('mealRequests').where('servingId', '==', servingId).get();
    expect(records.size).toBe(5);
  });
});
