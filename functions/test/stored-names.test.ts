// scripts/migrate-stored-names.mjs (ADR 71) on reservations saved before it: a served one's
// `delivered`, the members' holds in `reservationSlots`, the capacity record among the places.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { call, db } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { bodyWithCutoffIn, planServing } from './support/menu.js';
import { createUserDirect } from './support/users.js';

// Run without blocking this process: the app under test is served from it.
const migrate = async () =>
  (
    await promisify(execFile)(process.execPath, [join(__dirname, '..', '..', 'scripts', 'migrate-stored-names.mjs')], {
      env: process.env,
      encoding: 'utf8',
    })
  ).stdout;

/** Rewrites what the API stored for a serving in the names used before ADR 71. */
async function storeAsBefore(servingId: string, uids: string[], servedId: string) {
  for (const uid of uids) {
    const hold = db.doc(`holds/${servingId}_${uid}`);
    await db.doc(`reservationSlots/${servingId}_${uid}`).set((await hold.get()).data()!);
    await hold.delete();
  }
  await db.doc(`mealRequests/${servedId}`).update({ status: 'delivered' });
  const capacity = db.doc(`servingCapacities/${servingId}`);
  const limit = (await capacity.get()).get('capacity');
  await db.doc(`servingPlaces/${servingId}_limit`).set({ servingId, index: 0, requestId: null, userUid: null, limit });
  await capacity.delete();
}

describe('scripts/migrate-stored-names.mjs', () => {
  it('moves reservations saved before it to the current names, and reads them the same either way', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const meal = await seedTitledMeal();
    const servingId = await planServing(admin.token, bodyWithCutoffIn(meal.id, 3_600_000, { capacity: 3 }));
    await call('updateServing', { params: { id: servingId }, token: admin.token, body: { capacity: 4 } });
    const [waiting, eaten] = await Promise.all([
      createUserDirect({ membership: 'Gold' }),
      createUserDirect({ membership: 'Gold' }),
    ]);
    const reserve = (token: string) => call('reserve', { params: { id: servingId }, token });
    await reserve(waiting.token);
    const servedId = (await reserve(eaten.token)).body.insertedId;
    expect((await call('serveRequest', { token: admin.token, body: { id: servedId } })).status).toBe(200);
    await storeAsBefore(servingId, [waiting.uid, eaten.uid], servedId);

    // Before it runs, a served meal stored as `delivered` still reads as served.
    const before = await call('myReservations', { token: eaten.token });
    expect(before.body.items).toEqual([expect.objectContaining({ _id: servedId, status: 'delivered' })]);

    expect(await migrate()).toMatch(
      /^Stored names: \d+ requests marked served, \d+ holds and \d+ capacity records moved/,
    );
    expect((await db.doc(`mealRequests/${servedId}`).get()).get('status')).toBe('served');
    for (const uid of [waiting.uid, eaten.uid]) {
      expect((await db.doc(`holds/${servingId}_${uid}`).get()).exists).toBe(true);
      expect((await db.doc(`reservationSlots/${servingId}_${uid}`).get()).exists).toBe(false);
    }
    expect((await db.doc(`servingCapacities/${servingId}`).get()).data()).toEqual({ servingId, capacity: 4 });
    expect((await db.doc(`servingPlaces/${servingId}_limit`).get()).exists).toBe(false);

    // The moved holds work as the API's own: a second reservation is the first, a cancel frees it.
    expect((await reserve(waiting.token)).status).toBe(208);
    expect((await call('cancelReservation', { params: { id: servingId }, token: waiting.token })).status).toBe(200);
    expect((await db.doc(`holds/${servingId}_${waiting.uid}`).get()).exists).toBe(false);
    const after = await call('myReservations', { token: eaten.token });
    expect(after.body.items).toEqual(before.body.items);

    // A second run changes none of it.
    await migrate();
    expect((await db.doc(`holds/${servingId}_${eaten.uid}`).get()).data()).toMatchObject({ requestId: servedId });
    expect((await db.doc(`servingCapacities/${servingId}`).get()).data()).toEqual({ servingId, capacity: 4 });
  });
});
