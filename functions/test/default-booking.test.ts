// Booked by default (ADR 74): every member of a hall is counted for its servings unless on
// leave or they skipped one before its cutoff; the kitchen's count, the pass and the counter
// follow the rule, and nothing is written per member per serving.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultLeaveRules } from '@hostelhub/contracts';
import { call, db } from './support/emulators.js';
import { storedServing } from './support/feedback.js';
import { newAdmin } from './support/menu.js';
import { minuteMs, passFor, redeem, staff } from './support/counter.js';
import { createUserDirect } from './support/users.js';

let hallId = '';

afterEach(async () => {
  await db.doc('settings/meal').delete();
  if (hallId) await db.doc(`halls/${hallId}`).delete();
  hallId = '';
});

/** Default booking, a hall of its own with three members, and a serving there open now. */
async function hallBookedByDefault() {
  const admin = await newAdmin();
  const settings = await call('updateMealSettings', {
    token: admin.token,
    untypedBody: { booking: 'default', leave: { ...defaultLeaveRules, minDays: 1, noticeDays: 0 } },
  });
  expect(settings.status).toBe(200);
  hallId = `hall-${randomBytes(4).toString('hex')}`;
  await db
    .doc(`halls/${hallId}`)
    .set({ name: `Hall ${hallId}`, slots: ['breakfast', 'lunch', 'dinner'], closedDays: [] });
  const members = await Promise.all([0, 1, 2].map(() => createUserDirect({ membership: 'Gold' })));
  await Promise.all(members.map((member) => db.doc(`users/${member.uid}`).update({ homeHallId: hallId })));
  // Open now, its cutoff half an hour ahead: members may still skip it.
  const { meal, servingId, date } = await storedServing({ startedMsAgo: 10 * minuteMs, cutoffInMs: 30 * minuteMs });
  await db.doc(`servings/${servingId}`).update({ hallId });
  return { admin, members, meal, servingId, date };
}

const kitchenCount = async (token: string, date: string, servingId: string) => {
  const day = await call('kitchen', { token, query: { date, hall: hallId } });
  expect(day.status, JSON.stringify(day.body)).toBe(200);
  return day.body.servings.find((serving: { _id: string }) => serving._id === servingId);
};

describe('booked by default', () => {
  it("counts the hall's members less those on leave and those who skipped, plus reservations from other halls", async () => {
    const { admin, members, servingId, date } = await hallBookedByDefault();
    const [first, second] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    expect(await kitchenCount(admin.token, date, servingId)).toMatchObject({
      members: 3,
      onLeave: 0,
      skipped: 0,
      reserved: 0,
      counted: 3,
    });

    // Cancelling skips it; a second cancel changes nothing; reserving takes the skip back.
    const skip = await call('cancelReservation', { params: { id: servingId }, token: first.token });
    expect(skip.body).toEqual({ deletedCount: 1 });
    expect((await call('cancelReservation', { params: { id: servingId }, token: first.token })).body).toEqual({
      deletedCount: 0,
    });
    expect(await kitchenCount(admin.token, date, servingId)).toMatchObject({ skipped: 1, counted: 2 });
    expect((await call('mySkips', { token: first.token })).body).toEqual({ servingIds: [servingId] });
    const back = await call('reserve', { params: { id: servingId }, token: first.token });
    expect(back.status).toBe(208);
    expect(back.body.message).toMatch(/You are counted for .*every member is booked by default/);
    expect(await kitchenCount(admin.token, date, servingId)).toMatchObject({ skipped: 0, counted: 3 });
    expect((await call('mySkips', { token: first.token })).body).toEqual({ servingIds: [] });
    await call('cancelReservation', { params: { id: servingId }, token: first.token });

    // A day of approved leave counts the member out, and they cannot take a skip back on it.
    const leave = await call('applyForLeave', { token: second.token, untypedBody: { from: date, to: date } });
    expect(leave.status).toBe(201);
    const approved = await call('decideLeave', {
      params: { id: leave.body.insertedId },
      token: admin.token,
      untypedBody: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    expect(await kitchenCount(admin.token, date, servingId)).toMatchObject({ onLeave: 1, skipped: 1, counted: 1 });
    expect((await call('reserve', { params: { id: servingId }, token: second.token })).status).toBe(409);

    // A member of another hall reserves here as ever, and is counted on top.
    const visitor = await createUserDirect({ membership: 'Gold' });
    await db.doc(`users/${visitor.uid}`).update({ homeHallId: 'main' });
    const visit = await call('reserve', { params: { id: servingId }, token: visitor.token });
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    expect(await kitchenCount(admin.token, date, servingId)).toMatchObject({ reserved: 1, counted: 2 });

    // No record was written for the members counted by default: a skip is the one write.
    for (const member of members) {
      const records = await db.collection('mealRequests').where('userUid', '==', member.uid).get();
      expect(records.size).toBe(0);
    }
  });

  it('gives a counted member a pass with no reservation, served once at the counter, and none after a skip', async () => {
    const { members, servingId } = await hallBookedByDefault();
    const [diner, skipper] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const current = await call('currentPasses', { token: diner.token });
    expect(current.status).toBe(200);
    expect(current.body.items).toEqual([expect.objectContaining({ servingId, requestId: null })]);

    const server = await staff();
    const pass = await passFor(diner.token, { servingId });
    const served = await redeem(server.token, { token: pass.token });
    expect(served.status, JSON.stringify(served.body)).toBe(201);
    expect(served.body).toMatchObject({ walkIn: false, served: 1, reserved: 0 });
    const again = await redeem(server.token, { token: (await passFor(diner.token, { servingId })).token });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('already-served');
    const stored = (await db.doc(`servings/${servingId}`).get()).data()!;
    expect([stored.reserved, stored.served]).toEqual([0, 1]);

    expect((await call('cancelReservation', { params: { id: servingId }, token: skipper.token })).status).toBe(200);
    expect((await call('currentPasses', { token: skipper.token })).body.items).toEqual([]);
    const skipped = await redeem(server.token, { token: (await passFor(skipper.token, { servingId })).token });
    expect(skipped.status).toBe(409);
    expect(skipped.body.message).toMatch(/skipped/);
  });

  it('counts by reservations again once the hostel goes back to reserving', async () => {
    const { admin, members, servingId, date } = await hallBookedByDefault();
    await call('updateMealSettings', {
      token: admin.token,
      untypedBody: { booking: 'reserve', leave: defaultLeaveRules },
    });
    expect(await kitchenCount(admin.token, date, servingId)).toMatchObject({ members: null, counted: 0 });
    expect((await call('cancelReservation', { params: { id: servingId }, token: members[0]!.token })).status).toBe(404);
  });
});
