// Weekly meal-request quotas and priority, from the package of the membership held now.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { nextWeekStart, weekStart } from '@hostelhub/contracts';
import { call, db } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { everyRow } from './support/requests.js';
import { createTierMember } from './support/tiers.js';
import { createUserDirect, dayMs } from './support/users.js';

const requestMeal = async (token: string) => {
  const meal = await seedTitledMeal();
  return call('requestMeal', { token, body: { mealId: meal.id } });
};

const quotaMessage = 'You have used your 3 meal requests this week; they reset on Monday';

describe('the weekly request quota', () => {
  it("refuses a Silver member's 4th request in a week with 429 and the quota message", async () => {
    const member = await createTierMember('Silver');
    for (let index = 0; index < 3; index++) expect((await requestMeal(member.token)).status).toBe(201);
    const fourth = await requestMeal(member.token);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: quotaMessage });
    const stored = await db.collection('mealRequests').where('userUid', '==', member.uid).get();
    expect(stored.size).toBe(3);
  });

  it('gives the slot back when a request is cancelled, and counts served ones', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createTierMember('Silver');
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) ids.push((await requestMeal(member.token)).body.insertedId);
    await call('serveRequest', { token: admin.token, body: { id: ids[0]! } });
    expect((await requestMeal(member.token)).status).toBe(429);
    const cancelled = await call('cancelRequest', { params: { id: ids[1]! }, token: member.token });
    expect(cancelled.status).toBe(200);
    expect((await requestMeal(member.token)).status).toBe(201);
    expect((await requestMeal(member.token)).status).toBe(429);
  });

  it('lets a Silver member request again this week after three last week', async () => {
    const member = await createTierMember('Silver');
    const meal = await seedTitledMeal();
    const lastWeek = weekStart(new Date()).getTime() - 60_000;
    for (const status of ['pending', 'served', 'served']) {
      await db.collection('mealRequests').add({
        mealId: meal.id,
        mealTitle: meal.title,
        userUid: member.uid,
        userEmail: member.email,
        userName: member.name,
        status,
        priority: false,
        requestedAt: Timestamp.fromMillis(lastWeek),
        servedAt: null,
        cancelledAt: null,
        searchTokens: [],
      });
    }
    for (let index = 0; index < 3; index++) expect((await requestMeal(member.token)).status).toBe(201);
    expect((await requestMeal(member.token)).status).toBe(429);
  });

  it('never refuses a Platinum member', async () => {
    const member = await createTierMember('Platinum');
    for (let index = 0; index < 12; index++) expect((await requestMeal(member.token)).status).toBe(201);
  });

  it('follows the membership held now: a lapsed Silver member gets 402, not a quota', async () => {
    const member = await createTierMember('Silver');
    await db.doc(`users/${member.uid}`).update({
      'membership.status': 'canceled',
      'membership.currentPeriodEnd': Timestamp.fromMillis(Date.now() - dayMs),
    });
    const response = await requestMeal(member.token);
    expect(response.status).toBe(402);
    const quota = await call('requestQuota', { token: member.token });
    expect(quota.body).toMatchObject({ used: 0, limit: 0 });
  });

  it('stores whether the request is served with priority, from the package', async () => {
    const gold = await createTierMember('Gold');
    const silver = await createTierMember('Silver');
    const goldRequest = await requestMeal(gold.token);
    const silverRequest = await requestMeal(silver.token);
    expect((await db.doc(`mealRequests/${goldRequest.body.insertedId}`).get()).get('priority')).toBe(true);
    expect((await db.doc(`mealRequests/${silverRequest.body.insertedId}`).get()).get('priority')).toBe(false);
  });
});

describe('GET /meal-request/quota', () => {
  it('answers the requests used this week, the limit and when it resets', async () => {
    const member = await createTierMember('Silver');
    await requestMeal(member.token);
    const cancelledId = (await requestMeal(member.token)).body.insertedId;
    await requestMeal(member.token);
    await call('cancelRequest', { params: { id: cancelledId }, token: member.token });
    const response = await call('requestQuota', { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      used: 2,
      limit: 3,
      weekStart: weekStart(new Date()).toISOString(),
      resetsAt: nextWeekStart(new Date()).toISOString(),
    });
    expect(new Date(response.body.resetsAt).getTime() - new Date(response.body.weekStart).getTime()).toBeGreaterThan(
      6 * dayMs,
    );
  });

  it('answers a null limit for Platinum', async () => {
    const member = await createTierMember('Platinum');
    await requestMeal(member.token);
    const response = await call('requestQuota', { token: member.token });
    expect(response.body).toMatchObject({ used: 1, limit: null });
  });

  it('answers 401 without a token', async () => {
    expect((await call('requestQuota')).status).toBe(401);
  });
});

describe("Serve Meals' queue: GET /requested-meals?queue=pending", () => {
  it('lists pending requests of priority members first, then the oldest first, with their priority', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const silver = await createTierMember('Silver');
    const gold = await createTierMember('Gold');
    const platinum = await createTierMember('Platinum');
    const laterSilver = await createTierMember('Silver');
    const first = await requestMeal(silver.token);
    await requestMeal(gold.token);
    await requestMeal(platinum.token);
    await requestMeal(laterSilver.token);
    const served = await requestMeal(gold.token);
    await call('serveRequest', { token: admin.token, body: { id: served.body.insertedId } });

    const ours = [silver, gold, platinum, laterSilver].map((member) => member.email);
    const queue = (await everyRow(admin.token, 'pending')).filter((row) => ours.includes(row.userEmail));
    expect(queue.map((row) => [row.userEmail, row.priority])).toEqual([
      [gold.email, true],
      [platinum.email, true],
      [silver.email, false],
      [laterSilver.email, false],
    ]);
    expect(queue.every((row) => row.status === 'pending')).toBe(true);
    expect(queue.find((row) => row._id === first.body.insertedId)?.priority).toBe(false);
  });

  it('is for admins only, and not with a search', async () => {
    const student = await createTierMember('Gold');
    const admin = await createUserDirect({ role: 'admin' });
    expect((await call('requestedMeals', { query: { queue: 'pending' }, token: student.token })).status).toBe(403);
    expect(
      (await call('requestedMeals', { query: { role: 'admin', queue: 'pending', search: 'ada' }, token: admin.token }))
        .status,
    ).toBe(400);
    expect(
      (await call('requestedMeals', { query: { role: 'admin', queue: 'everything' }, token: admin.token })).status,
    ).toBe(400);
  });
});
