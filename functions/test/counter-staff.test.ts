// The counter (ADR 0034): the staff role, walk-ins served without a reservation, and the
// insights counting what the counter serves.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endpointPath, endpoints, hostelDate, type Endpoint } from '@hostelhub/contracts';
import { call, db, raw } from './support/emulators.js';
import { movedBy, numberIn, rollup } from './support/rollups.js';
import { servedRoutes } from './support/served-routes.js';
import { changeRoleAs, createUserDirect, roleOf } from './support/users.js';
import {
  member,
  passFor,
  redeem,
  reservedWithPass,
  servingNow,
  snapshotOf,
  staff,
  timeZone,
} from './support/counter.js';
import { reserve } from './support/feedback.js';
describe('the staff role', () => {
  it('is given and taken back by an admin, with a notice, and never by oneself', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const cook = await createUserDirect();
    const made = await changeRoleAs(admin, cook.uid, 'staff');
    expect(made).toEqual({ status: 200, body: { modifiedCount: 1 } });
    expect(await roleOf(cook.uid)).toBe('staff');
    const notices = await db.collection(`users/${cook.uid}/notifications`).get();
    expect(notices.docs.map((doc) => doc.get('kind'))).toEqual(['made-staff']);

    const selfPromotion = await changeRoleAs(cook, cook.uid, 'admin');
    expect(selfPromotion.status).toBe(403);

    const undone = await changeRoleAs(admin, cook.uid, 'student');
    expect(undone.status).toBe(200);
    expect(await roleOf(cook.uid)).toBe('student');
    const adminToStaff = await changeRoleAs(admin, admin.uid, 'staff');
    expect(adminToStaff).toEqual({ status: 409, body: { message: 'You cannot remove your own admin role' } });
  });

  it('opens the kitchen view, Serve Meals and its serve and undo, read from Firestore at each call', async () => {
    const cook = await staff();
    const { meal, servingId } = await servingNow();
    const diner = await member();
    const requestId = await reserve(diner.token, meal.id, servingId);

    const today = hostelDate(new Date(), timeZone);
    expect((await call('kitchen', { query: { date: today }, token: cook.token })).status).toBe(200);
    const queue = await call('requestedMeals', {
      query: { role: 'admin', queue: 'pending', servingId: servingId },
      token: cook.token,
    });
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((row: { _id: string }) => row._id)).toEqual([requestId]);
    const served = await call('serveRequest', { token: cook.token, body: { id: requestId } });
    expect(served).toEqual({ status: 200, body: { modifiedCount: 1 } });
    expect((await db.doc(`mealRequests/${requestId}`).get()).get('servedBy')).toEqual({
      uid: cook.uid,
      name: 'Kim Kitchen',
    });
    const undone = await call('undoServe', { token: cook.token, body: { id: requestId } });
    expect(undone).toEqual({ status: 200, body: { modifiedCount: 1 } });

    // Back to student: the same token loses the kitchen at once.
    await db.doc(`users/${cook.uid}`).update({ role: 'student' });
    expect((await call('kitchen', { query: { date: today }, token: cook.token })).status).toBe(403);
    expect((await call('requestedMeals', { query: { queue: 'pending' }, token: cook.token })).status).toBe(403);
  });

  it('is refused every admin-only call the API serves', async () => {
    const cook = await staff();
    const served = servedRoutes();
    const adminOnly = (Object.values(endpoints) as Endpoint[]).filter(
      (endpoint) => endpoint.access === 'admin' && served.has(`${endpoint.method.toUpperCase()} ${endpoint.path}`),
    );
    expect(adminOnly.length).toBeGreaterThan(10);
    const answers: Record<string, number> = {};
    for (const endpoint of adminOnly) {
      const path = endpointPath(endpoint.path, { id: 'meal-1', uid: cook.uid, date: '2031-01-06' });
      // Every admin route of the table in turn: its path filled in as the client fills it.
      const response = await raw(endpoint.method.toUpperCase(), path, {
        token: cook.token,
        ...(endpoint.method === 'get' ? {} : { body: {} }),
      });
      answers[`${endpoint.method} ${endpoint.path}`] = response.status;
    }
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, 403])));
    // Their own role above all.
    expect(await roleOf(cook.uid)).toBe('staff');
  });
});

describe('walk-ins', () => {
  it('refuses a member without a reservation, saying a walk-in is possible, then serves the walk-in', async () => {
    const { servingId } = await servingNow({ capacity: 10, reserved: 3 });
    const diner = await member();
    const cook = await staff();
    const pass = await passFor(diner.token, { servingId });
    const before = await snapshotOf(null, servingId, diner.uid);
    const refused = await redeem(cook.token, { token: pass.token, servingId });
    expect(refused).toMatchObject({ status: 409, body: { reason: 'no-reservation', walkInAllowed: true } });
    expect(refused.body.message).toMatch(/^Mina Member has no reservation for Lunch on /);
    expect(await snapshotOf(null, servingId, diner.uid)).toEqual(before);

    const served = await redeem(cook.token, { shortCode: pass.shortCode, servingId, walkIn: true });
    expect(served).toMatchObject({ status: 201, body: { walkIn: true, served: 1, reserved: 4 } });
    const requests = await db.collection('mealRequests').where('userUid', '==', diner.uid).get();
    expect(requests.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({
        servingId,
        status: 'served',
        walkIn: true,
        servedBy: { uid: cook.uid, name: 'Kim Kitchen' },
      }),
    ]);
    const again = await redeem(cook.token, { token: pass.token, servingId, walkIn: true });
    expect(again).toMatchObject({ status: 409, body: { reason: 'already-served' } });
    expect((await db.doc(`servings/${servingId}`).get()).get('served')).toBe(1);
  });

  it('refuses a walk-in when the serving is full or the member’s weekly quota is used, writing nothing', async () => {
    const full = await servingNow({ capacity: 2, reserved: 2 });
    const cook = await staff();
    const diner = await member();
    const pass = await passFor(diner.token, { servingId: full.servingId });
    const before = await snapshotOf(null, full.servingId, diner.uid);
    const plain = await redeem(cook.token, { token: pass.token, servingId: full.servingId });
    expect(plain).toMatchObject({ status: 409, body: { reason: 'no-reservation', walkInAllowed: false } });
    const walkIn = await redeem(cook.token, { token: pass.token, servingId: full.servingId, walkIn: true });
    expect(walkIn).toMatchObject({ status: 409, body: { reason: 'full' } });
    expect(await snapshotOf(null, full.servingId, diner.uid)).toEqual(before);

    const open = await servingNow({ capacity: 10 });
    const packageId = `test-none-${randomBytes(4).toString('hex')}`;
    await db.doc(`packages/${packageId}`).set({
      name: 'Silver',
      price: 10,
      services: ['Testing'],
      weeklyRequestLimit: 0,
      priorityServing: false,
    });
    const limited = await member({ membership: 'Silver', membershipFields: { packageId } });
    const limitedPass = await passFor(limited.token, { servingId: open.servingId });
    const quotaBefore = await snapshotOf(null, open.servingId, limited.uid);
    const overQuota = await redeem(cook.token, { token: limitedPass.token, servingId: open.servingId, walkIn: true });
    expect(overQuota).toMatchObject({ status: 409, body: { reason: 'quota' } });
    expect(await snapshotOf(null, open.servingId, limited.uid)).toEqual(quotaBefore);
  });
});

describe('the insights count the counter', () => {
  it('counts a pass served and a walk-in as served on the serving’s day and slot, in the serving transaction', async () => {
    const { servingId, pass } = await reservedWithPass({ capacity: 40 });
    const date = String((await db.doc(`servings/${servingId}`).get()).get('date'));
    const cook = await staff();
    const before = await rollup(date);
    expect((await redeem(cook.token, { token: pass.token, servingId })).status).toBe(201);
    const afterPass = await rollup(date);
    expect(movedBy(afterPass, before, 'served')).toBe(1);
    expect(movedBy(afterPass, before, 'slots', 'lunch', 'served')).toBe(1);
    expect(numberIn(afterPass, 'requested')).toBe(numberIn(before, 'requested'));

    const walkIn = await passFor((await member()).token, { servingId });
    expect((await redeem(cook.token, { token: walkIn.token, servingId, walkIn: true })).status).toBe(201);
    const afterWalkIn = await rollup(date);
    expect(movedBy(afterWalkIn, afterPass, 'requested')).toBe(1);
    expect(movedBy(afterWalkIn, afterPass, 'reserved')).toBe(1);
    expect(movedBy(afterWalkIn, afterPass, 'served')).toBe(1);
    expect(movedBy(afterWalkIn, afterPass, 'slots', 'lunch', 'served')).toBe(1);
  });
});
