// Serving meal requests on Serve Meals: the serve, its undo within a minute, and the history.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { call, db } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { everyRow, requestDoc, requestMeal } from './support/requests.js';
import { tokenSignedWithAnotherKey } from './support/tokens.js';
import { createUserDirect } from './support/users.js';

describe('PATCH /requested-meal/status/update', () => {
  it('serves a pending request once, and refuses a cancelled one', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const [served, withdrawn] = [await seedTitledMeal(), await seedTitledMeal()];
    const { body } = await requestMeal(member.token, served.id);

    const first = await call('serveRequest', { token: admin.token, body: { id: body.insertedId } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ modifiedCount: 1 });
    const stored = await requestDoc(body.insertedId);
    expect(stored?.status).toBe('served');
    expect(stored?.servedAt).not.toBeNull();

    const again = await call('serveRequest', { token: admin.token, body: { id: body.insertedId } });
    expect(again.body).toEqual({ modifiedCount: 0 });

    const cancelled = (await requestMeal(member.token, withdrawn.id)).body.insertedId;
    await call('cancelRequest', { params: { id: cancelled }, token: member.token });
    const refused = await call('serveRequest', { token: admin.token, body: { id: cancelled } });
    expect(refused.status).toBe(409);
    expect((await requestDoc(cancelled))?.status).toBe('cancelled');
  });

  it('answers 403 to a student, 404 for an unknown id, 400 without an id, 401 with a forged token', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const { body } = await requestMeal(member.token, meal.id);
    const byStudent = await call('serveRequest', { token: member.token, body: { id: body.insertedId } });
    const unknown = await call('serveRequest', { token: admin.token, body: { id: 'nope' } });
    const noId = await call('serveRequest', { token: admin.token, untypedBody: {} });
    const forged = await call('serveRequest', {
      token: tokenSignedWithAnotherKey(admin.uid, admin.email),
      body: { id: body.insertedId },
    });
    expect([byStudent.status, unknown.status, noId.status, forged.status]).toEqual([403, 404, 400, 401]);
    expect((await requestDoc(body.insertedId))?.status).toBe('pending');
  });
});

describe('PATCH /requested-meal/status/undo', () => {
  const serve = (token: string, id: string) => call('serveRequest', { token, body: { id } });
  const undo = (token: string, id: string) => call('undoServe', { token, body: { id } });
  const served = async (admin: { token: string }, member: { token: string }) => {
    const meal = await seedTitledMeal();
    const { body } = await requestMeal(member.token, meal.id);
    expect((await serve(admin.token, body.insertedId)).status).toBe(200);
    return { id: body.insertedId as string, mealId: meal.id };
  };
  const noticeOf = (uid: string, id: string) => db.doc(`users/${uid}/notifications/request-served-${id}`).get();

  it('within the minute puts the request back in the queue, pending, with its slot, and takes the notice back', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const { id, mealId } = await served(admin, member);
    const before = await requestDoc(id);
    expect((await noticeOf(member.uid, id)).exists).toBe(true);

    const undone = await undo(admin.token, id);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ modifiedCount: 1 });
    const stored = await requestDoc(id);
    expect(stored).toMatchObject({ status: 'pending', servedAt: null, priority: before?.priority });
    expect(stored?.requestedAt.isEqual(before?.requestedAt)).toBe(true);
    expect((await noticeOf(member.uid, id)).exists).toBe(false);
    // Pending again, in the queue, and holding its slot: a second request of the meal is "already requested".
    // The whole queue, page by page: other tests of this worker leave requests pending ahead of it.
    const queued = (await everyRow(admin.token, 'pending')).map((row) => row._id);
    expect(queued).toContain(id);
    expect((await requestMeal(member.token, mealId)).status).toBe(208);
    // It can be served again; a second undo of the same serve answers 409.
    expect((await serve(admin.token, id)).body).toEqual({ modifiedCount: 1 });
    expect((await noticeOf(member.uid, id)).exists).toBe(true);
    expect((await undo(admin.token, id)).status).toBe(200);
    const twice = await undo(admin.token, id);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: 'This serve can no longer be undone' });
  });

  it('refuses once the minute has passed (servedAt aged in the database), leaving the serve as it was', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const { id } = await served(admin, member);
    const aged = Timestamp.fromMillis(Date.now() - 61_000);
    await db.doc(`mealRequests/${id}`).update({ servedAt: aged });

    const late = await undo(admin.token, id);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: 'This serve can no longer be undone' });
    const stored = await requestDoc(id);
    expect(stored?.status).toBe('served');
    expect(stored?.servedAt.isEqual(aged)).toBe(true);
    expect((await noticeOf(member.uid, id)).exists).toBe(true);

    // 59 seconds old is still within it.
    await db.doc(`mealRequests/${id}`).update({ servedAt: Timestamp.fromMillis(Date.now() - 59_000) });
    expect((await undo(admin.token, id)).status).toBe(200);
  });

  it('refuses a pending or cancelled request, and a serve the member has requested again since', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const pending = (await requestMeal(member.token, meal.id)).body.insertedId;
    expect((await undo(admin.token, pending)).status).toBe(409);
    await call('cancelRequest', { params: { id: pending }, token: member.token });
    expect((await undo(admin.token, pending)).status).toBe(409);
    expect((await requestDoc(pending))?.status).toBe('cancelled');

    const { id, mealId } = await served(admin, member);
    const again = await requestMeal(member.token, mealId);
    expect(again.status).toBe(201);
    const refused = await undo(admin.token, id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^This serve can no longer be undone/);
    expect((await requestDoc(id))?.status).toBe('served');
    expect((await requestDoc(again.body.insertedId))?.status).toBe('pending');
  });

  it('answers 403 to a student, 404 for an unknown id and 400 for a bad body', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const { id } = await served(admin, member);
    const byStudent = await undo(member.token, id);
    const unknown = await undo(admin.token, 'no-such-request');
    const noId = await call('undoServe', { token: admin.token, untypedBody: {} });
    const extra = await call('undoServe', { token: admin.token, untypedBody: { id, status: 'x' } });
    expect([byStudent.status, unknown.status, noId.status, extra.status]).toEqual([403, 404, 400, 400]);
    expect(unknown.body).toEqual({ message: 'Meal request not found' });
    expect((await requestDoc(id))?.status).toBe('served');
  });
});

describe("Serve Meals' history: GET /requested-meals?queue=history", () => {
  it('lists served and cancelled requests newest first, in pages, never pending ones', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const ids: string[] = [];
    for (let index = 0; index < 3; index++)
      ids.push((await requestMeal(member.token, (await seedTitledMeal()).id)).body.insertedId);
    const [servedId, cancelledId, pendingId] = ids;
    await call('serveRequest', { token: admin.token, body: { id: servedId! } });
    await call('cancelRequest', { params: { id: cancelledId! }, token: member.token });

    const rows = await everyRow(admin.token, 'history');
    expect(rows.every((row) => row.status === 'delivered' || row.status === 'cancelled')).toBe(true);
    const times = rows.map((row) => row.requestedAt);
    expect(times).toEqual([...times].sort().reverse());
    const ours = rows.filter((row) => ids.includes(row._id)).map((row) => [row._id, row.status]);
    expect(ours).toEqual([
      [cancelledId, 'cancelled'],
      [servedId, 'delivered'],
    ]);
    expect(rows.some((row) => row._id === pendingId)).toBe(false);
    expect((await call('requestedMeals', { query: { queue: 'history' }, token: member.token })).status).toBe(403);
  });
});
