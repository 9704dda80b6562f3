// Offline passes (ADR 79): GET /passes/offline signs each reservation of the next day until its
// serving ends, the same pass on every ask; the counter serves one once its serving's pass
// opens, once, and refuses the copy shown a second time, as it does an online pass.
import { describe, expect, it } from 'vitest';
import { call, db } from './support/emulators.js';
import { member, minuteMs, redeem, servingNow, snapshotOf, staff } from './support/counter.js';
import { reserve } from './support/feedback.js';

const hourMs = 60 * minuteMs;

async function offlinePassesOf(token: string) {
  const response = await call('offlinePasses', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items as {
    requestId: string;
    servingId: string;
    endsAt: string;
    pass: { token: string; shortCode: string; expiresAt: string; servingId: string; requestId: string };
  }[];
}

describe('GET /passes/offline', () => {
  it("signs each of the member's reservations of the next day until its serving ends, the same pass on every ask", async () => {
    const diner = await member();
    const dinner = await servingNow({ startsInMs: 5 * hourMs, lastsMs: 2 * hourMs });
    const tomorrow = await servingNow({ startsInMs: 30 * hourMs });
    const cancelled = await servingNow({ startsInMs: 2 * hourMs });
    const dinnerRequest = await reserve(diner.token, dinner.meal.id, dinner.servingId);
    await reserve(diner.token, tomorrow.meal.id, tomorrow.servingId);
    const dropped = await reserve(diner.token, cancelled.meal.id, cancelled.servingId);
    expect((await call('cancelRequest', { params: { id: dropped }, token: diner.token })).status).toBe(200);

    const [first, ...others] = await offlinePassesOf(diner.token);
    // The serving more than a day ahead and the cancelled reservation have none.
    expect(others).toEqual([]);
    expect(first).toMatchObject({ requestId: dinnerRequest, servingId: dinner.servingId });
    expect(first!.pass).toMatchObject({ requestId: dinnerRequest, servingId: dinner.servingId });
    expect(first!.pass.expiresAt).toBe(first!.endsAt);
    const codes = await db.collection('passCodes').where('requestId', '==', dinnerRequest).get();
    expect(codes.docs.map((doc) => doc.get('expiresAt').toDate().toISOString())).toEqual([first!.endsAt]);

    // Asked again (another visit, another phone of theirs): the very same pass, no new code.
    const [again] = await offlinePassesOf(diner.token);
    expect(again!.pass).toEqual(first!.pass);
    expect((await db.collection('passCodes').where('requestId', '==', dinnerRequest).get()).size).toBe(1);

    // Another member sees none of these.
    const other = await member();
    expect(await offlinePassesOf(other.token)).toEqual([]);
    expect((await call('offlinePasses', {})).status).toBe(401);
  });

  it("is refused at the counter before the serving's pass opens, writing nothing", async () => {
    const diner = await member();
    const dinner = await servingNow({ startsInMs: 3 * hourMs });
    const requestId = await reserve(diner.token, dinner.meal.id, dinner.servingId);
    const [item] = await offlinePassesOf(diner.token);
    const cook = await staff();
    const before = await snapshotOf(requestId, dinner.servingId, diner.uid);

    const early = await redeem(cook.token, { token: item!.pass.token, servingId: dinner.servingId });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ reason: 'not-open', member: { name: 'Mina Member' } });
    expect(early.body.message).toMatch(/^This pass opens at \d\d:\d\d$/);
    const byCode = await redeem(cook.token, { shortCode: item!.pass.shortCode, servingId: dinner.servingId });
    expect(byCode.body.reason).toBe('not-open');
    expect(await snapshotOf(requestId, dinner.servingId, diner.uid)).toEqual(before);
  });

  it('is served once its serving is open, and its copy on another phone is refused', async () => {
    const diner = await member();
    const lunch = await servingNow({ startsInMs: 20 * minuteMs });
    const requestId = await reserve(diner.token, lunch.meal.id, lunch.servingId);
    const [item] = await offlinePassesOf(diner.token);
    const cook = await staff();

    const served = await redeem(cook.token, { token: item!.pass.token, servingId: lunch.servingId });
    expect(served.status).toBe(201);
    expect((await db.doc(`mealRequests/${requestId}`).get()).get('status')).toBe('served');
    const copy = await redeem(cook.token, { token: item!.pass.token, servingId: lunch.servingId });
    expect(copy.status).toBe(409);
    expect(copy.body.reason).toBe('already-served');
    const byCode = await redeem(cook.token, { shortCode: item!.pass.shortCode, servingId: lunch.servingId });
    expect(byCode.body.reason).toBe('already-served');
    // Served, it is no longer a pass to keep.
    expect(await offlinePassesOf(diner.token)).toEqual([]);
  });
});
