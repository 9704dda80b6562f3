// Notifications the API writes beside the change they tell about (users/{uid}/notifications).
// Membership notices are exercised with the subscriptions, in subscriptions.test.ts.
import { describe, expect, it } from 'vitest';
import { call } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { notificationsOf } from './support/notifications.js';
import { changeRoleAs, createUserDirect } from './support/users.js';

describe('a served request', () => {
  it('tells its requester once, with the meal title as text and a link to their requests', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const other = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const requested = await call('requestMeal', { token: member.token, body: { mealId: meal.id } });
    expect(requested.status).toBe(201);
    expect(await notificationsOf(member.uid)).toEqual([]);

    const serve = () => call('serveRequest', { token: admin.token, body: { id: requested.body.insertedId } });
    expect((await serve()).status).toBe(200);
    expect((await serve()).status).toBe(200); // serving again changes nothing

    const notices = await notificationsOf(member.uid);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'request-served',
      title: 'Your meal is served',
      body: `${meal.title} has been delivered. Enjoy!`,
      link: '/dashboard/requested-meal',
      readAt: null,
    });
    expect(notices[0]?.createdAt.toDate().getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Nobody else hears of it, the admin who served it included.
    expect(await notificationsOf(other.uid)).toEqual([]);
    expect(await notificationsOf(admin.uid)).toEqual([]);
  });

  it('a cancelled request tells nobody', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const requested = await call('requestMeal', { token: member.token, body: { mealId: meal.id } });
    const cancelled = await call('cancelRequest', { params: { id: requested.body.insertedId }, token: member.token });
    expect(cancelled.status).toBe(200);
    expect(await notificationsOf(member.uid)).toEqual([]);
  });
});

describe('a new role', () => {
  it('tells a student made admin, once per promotion', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    const student = await createUserDirect();
    const promote = () => changeRoleAs(admin, student.uid, 'admin');
    expect((await promote()).status).toBe(200);
    expect((await promote()).status).toBe(200); // already an admin: nothing new to tell

    const notices = await notificationsOf(student.uid);
    expect(notices.map((notice) => notice.kind)).toEqual(['made-admin']);
    expect(notices[0]).toMatchObject({ title: 'You are now an admin', link: '/dashboard/admin-profile', readAt: null });
  });
});
