// Meal requests: making one, withdrawing it, the lists, and the history migration. Serving
// them on Serve Meals: requests-serve.test.ts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { call, db } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { requestDoc, requestMeal } from './support/requests.js';
import { expiredToken, tokenSignedWithAnotherKey } from './support/tokens.js';
import { createUserDirect } from './support/users.js';

describe('POST /meal-request', () => {
  it('creates a pending request for a member with their identity and search words', async () => {
    const member = await createUserDirect({ membership: 'Gold', name: 'Priya Ramanathan' });
    const meal = await seedTitledMeal();
    const response = await call('requestMeal', {
      token: member.token,
      body: { mealId: meal.id, userEmail: member.email, status: 'delivered' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ insertedId: expect.any(String) });
    const stored = await requestDoc(response.body.insertedId);
    expect(stored).toMatchObject({
      mealId: meal.id,
      mealTitle: meal.title,
      userUid: member.uid,
      userEmail: member.email,
      userName: 'Priya Ramanathan',
      status: 'pending',
      servedAt: null,
      cancelledAt: null,
    });
    expect(stored?.requestedAt).toBeDefined();
    expect(stored?.searchTokens).toEqual(expect.arrayContaining(['priya', 'raman', 'priya ramanathan']));
    expect(stored?.searchTokens).toContain(member.email.split('-')[0]);
  });

  it('answers 208 while a request is pending, and keeps a served request when the meal is requested again', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Silver' });
    const meal = await seedTitledMeal();
    const first = await requestMeal(member.token, meal.id);
    expect(first.status).toBe(201);
    const repeated = await requestMeal(member.token, meal.id);
    expect(repeated.status).toBe(208);
    // The repeat names the request already held, so a client that lost the first answer learns it.
    expect(repeated.body).toEqual({
      message: 'You have already requested this meal',
      requestId: first.body.insertedId,
    });

    const served = await call('serveRequest', { token: admin.token, body: { id: first.body.insertedId } });
    expect(served.status).toBe(200);
    const again = await requestMeal(member.token, meal.id);
    expect(again.status).toBe(201);
    expect(again.body.insertedId).not.toBe(first.body.insertedId);
    expect(await requestDoc(first.body.insertedId)).toMatchObject({ status: 'served', servedAt: expect.anything() });
    expect(await requestDoc(again.body.insertedId)).toMatchObject({ status: 'pending', servedAt: null });
    expect((await requestMeal(member.token, meal.id)).status).toBe(208);

    // Both rows, newest first, in the student's list and in the admin's.
    const own = await call('requestedMeals', { query: { email: member.email }, token: member.token });
    const adminView = await call('requestedMeals', { query: { email: member.email }, token: admin.token });
    for (const list of [own, adminView]) {
      expect(list.status).toBe(200);
      expect(list.body.items.map((row: any) => [row._id, row.status])).toEqual([
        [again.body.insertedId, 'pending'],
        [first.body.insertedId, 'delivered'],
      ]);
      expect(list.body.items[1].servedAt).toEqual(expect.any(String));
    }
  });

  it('lets a cancelled meal be requested again, keeping the cancelled row with its time', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const first = await requestMeal(member.token, meal.id);
    await call('cancelRequest', { params: { id: first.body.insertedId }, token: member.token });
    const again = await requestMeal(member.token, meal.id);
    expect(again.status).toBe(201);
    const list = await call('requestedMeals', { token: member.token });
    expect(list.body.items.map((row: any) => row.status)).toEqual(['pending', 'cancelled']);
    expect(list.body.items[1]).toMatchObject({ _id: first.body.insertedId, cancelledAt: expect.any(String) });
  });

  it('answers 402 to a user without a membership, whatever the badge', async () => {
    const student = await createUserDirect({ badge: 'Gold', membership: null });
    const meal = await seedTitledMeal();
    const response = await requestMeal(student.token, meal.id);
    expect(response.status).toBe(402);
    expect(response.body.message).toBe('A membership is required to request meals');
    expect((await db.collection('mealRequests').where('userUid', '==', student.uid).get()).empty).toBe(true);
  });

  it('answers 403 for another email, 404 for an unknown meal, 400 for bad input', async () => {
    const member = await createUserDirect({ membership: 'Platinum' });
    const meal = await seedTitledMeal();
    const otherEmail = await call('requestMeal', {
      token: member.token,
      body: { mealId: meal.id, userEmail: 'member@hostelhub.test' },
    });
    const unknown = await requestMeal(member.token, 'no-such-meal');
    const missing = await call('requestMeal', { token: member.token, untypedBody: { userEmail: member.email } });
    const unknownKey = await call('requestMeal', { token: member.token, untypedBody: { mealId: meal.id, x: 1 } });
    expect([otherEmail.status, unknown.status, missing.status, unknownKey.status]).toEqual([403, 404, 400, 400]);
    expect(missing.body.message).toMatch(/mealId/);
    expect(await requestDoc(`${meal.id}_${member.uid}`)).toBeUndefined();
  });

  it('answers 401 without a token, with an expired one and with one signed by another key', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const statuses = await Promise.all(
      [undefined, expiredToken(member.uid, member.email), tokenSignedWithAnotherKey(member.uid, member.email)].map(
        async (token) => (await call('requestMeal', { token, body: { mealId: meal.id } })).status,
      ),
    );
    expect(statuses).toEqual([401, 401, 401]);
  });
});

describe('PATCH /meal-request/{id}/cancel', () => {
  it('lets the owner cancel a pending request, once', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const { body } = await requestMeal(member.token, meal.id);
    const cancelled = await call('cancelRequest', { params: { id: body.insertedId }, token: member.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ modifiedCount: 1 });
    expect((await requestDoc(body.insertedId))?.status).toBe('cancelled');

    const twice = await call('cancelRequest', { params: { id: body.insertedId }, token: member.token });
    expect(twice.status).toBe(409);
  });

  it("answers 403 to someone cancelling another user's request", async () => {
    const owner = await createUserDirect({ membership: 'Gold' });
    const other = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const { body } = await requestMeal(owner.token, meal.id);
    const response = await call('cancelRequest', { params: { id: body.insertedId }, token: other.token });
    expect(response.status).toBe(403);
    expect((await requestDoc(body.insertedId))?.status).toBe('pending');
  });

  it('answers 404 for an unknown request, 400 for an invalid id and 401 without a token', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const unknown = await call('cancelRequest', { params: { id: 'nothing_here' }, token: member.token });
    const invalid = await call('cancelRequest', { params: { id: '__reserved__' }, token: member.token });
    const anonymous = await call('cancelRequest', { params: { id: 'nothing_here' } });
    expect([unknown.status, invalid.status, anonymous.status]).toEqual([404, 400, 401]);
    expect(invalid.body.message).toMatch(/id/);
  });
});

describe('GET /requested-meals', () => {
  it("lists a student's own requests newest first with the meals' current counts, paged", async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const other = await createUserDirect({ membership: 'Gold' });
    const meals = [await seedTitledMeal(), await seedTitledMeal(), await seedTitledMeal()];
    const ids: string[] = [];
    for (const meal of meals) {
      const response = await requestMeal(member.token, meal.id);
      expect(response.status).toBe(201);
      ids.push(response.body.insertedId);
    }
    await requestMeal(other.token, meals[0]!.id);
    await db.doc(`meals/${meals[2]!.id}`).update({ likesCount: 7, reviewsCount: 3 });

    const first = await call('requestedMeals', { query: { email: member.email, limit: '2' }, token: member.token });
    expect(first.status).toBe(200);
    expect(first.body.items.map((row: any) => row.mealId)).toEqual([meals[2]!.id, meals[1]!.id]);
    expect(first.body.items[0]).toMatchObject({
      _id: ids[2],
      title: meals[2]!.title,
      likes: 7,
      reviews_count: 3,
      status: 'pending',
      userEmail: member.email,
      userName: member.name,
    });
    expect(typeof first.body.items[0].requestedAt).toBe('string');
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const second = await call('requestedMeals', {
      query: { limit: '2', cursor: first.body.nextCursor },
      token: member.token,
    });
    expect(second.body.items.map((row: any) => row.mealId)).toEqual([meals[0]!.id]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("answers 403 to a student naming another user's email, or asking for the admin list", async () => {
    const student = await createUserDirect({ membership: 'Gold' });
    const other = await createUserDirect({ membership: 'Gold' });
    const foreign = await call('requestedMeals', { query: { email: other.email }, token: student.token });
    const adminList = await call('requestedMeals', { query: { role: 'admin', search: '' }, token: student.token });
    const searching = await call('requestedMeals', { query: { search: 'a' }, token: student.token });
    expect([foreign.status, adminList.status, searching.status]).toEqual([403, 403, 403]);
  });

  it("gives an admin everyone's requests and finds them by a word of the name or email", async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const word = `zq${Date.now().toString(36)}`;
    const named = await createUserDirect({ membership: 'Gold', name: `Ayesha ${word}son` });
    const mailed = await createUserDirect({
      membership: 'Gold',
      email: `${word}mail-${Date.now()}@test.hostelhub.test`,
    });
    const unrelated = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const ids = new Map<string, string>();
    for (const user of [named, mailed, unrelated])
      ids.set(user.uid, (await requestMeal(user.token, meal.id)).body.insertedId);

    const all = await call('requestedMeals', { query: { role: 'admin', limit: '50' }, token: admin.token });
    expect(all.status).toBe(200);
    const uidsInAll = all.body.items.map((row: any) => row._id);
    expect(uidsInAll.slice(0, 3)).toEqual([unrelated, mailed, named].map((user) => ids.get(user.uid)));

    const found = await call('requestedMeals', {
      query: { role: 'admin', search: word.toUpperCase() },
      token: admin.token,
    });
    expect(found.status).toBe(200);
    expect(found.body.items.map((row: any) => row.userEmail).sort()).toEqual([named.email, mailed.email].sort());

    const byEmail = await call('requestedMeals', { query: { email: unrelated.email }, token: admin.token });
    expect(byEmail.body.items.map((row: any) => row.userEmail)).toEqual([unrelated.email]);
  });

  it('answers 400 for a bad limit and 401 for an expired token', async () => {
    const student = await createUserDirect();
    const badLimit = await call('requestedMeals', { query: { limit: '500' }, token: student.token });
    const expired = await call('requestedMeals', { token: expiredToken(student.uid, student.email) });
    expect([badLimit.status, expired.status]).toEqual([400, 401]);
    expect(badLimit.body.message).toMatch(/limit/);
  });
});

describe('scripts/migrate-request-history.mjs', () => {
  // Run without blocking this process: the app under test is served from it, and a blocked
  // event loop lets its idle keep-alive connections close under the next call.
  const migrate = async () =>
    (
      await promisify(execFile)(
        process.execPath,
        [join(__dirname, '..', '..', 'scripts', 'migrate-request-history.mjs')],
        {
          env: process.env,
          encoding: 'utf8',
        },
      )
    ).stdout;

  it('gives an old-shape pending request its slot, so it still blocks a second pending one', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const oldId = `${meal.id}_${member.uid}`;
    await db.doc(`mealRequests/${oldId}`).set({
      mealId: meal.id,
      mealTitle: meal.title,
      userUid: member.uid,
      userEmail: member.email,
      userName: member.name,
      status: 'pending',
      requestedAt: Timestamp.fromMillis(Date.now() - 3_600_000),
      servedAt: null,
      searchTokens: [],
    });

    expect(await migrate()).toMatch(/pending slots created/);
    expect(await requestDoc(oldId)).toMatchObject({ status: 'pending', cancelledAt: null });
    expect((await requestMeal(member.token, meal.id)).status).toBe(208);

    await call('serveRequest', { token: admin.token, body: { id: oldId } });
    expect((await requestMeal(member.token, meal.id)).status).toBe(201);
    await migrate(); // a second run changes nothing that matters
    const list = await call('requestedMeals', { token: member.token });
    expect(list.body.items.map((row: any) => row.status)).toEqual(['pending', 'delivered']);
  });
});
