// The audit log (ADR 78): each change an admin or a member of staff makes is recorded with it,
// in the same transaction; admins read it by person, kind and days, and as CSV; nobody changes
// an entry (no route does; firestore.rules: tests/rules/access-matrix.test.ts).
import { describe, expect, it } from 'vitest';
import { defaultLeaveRules, hostelDate } from '@hostelhub/contracts';
import { parseCsv } from '../../scripts/lib/csv-rows.mjs';
import { call, db, raw } from './support/emulators.js';
import { mealBody } from './support/meals.js';
import { isolatedWeek } from './support/menu.js';
import { zone } from './support/mail.js';
import { getText } from './support/insights.js';
import { reservedWithPass, redeem, staff } from './support/counter.js';
import { createUserDirect } from './support/users.js';

type Logged = {
  kind: string;
  actor: { uid: string; name: string; role: string };
  target: { id: string; label: string };
  before: unknown;
  after: unknown;
};

/** The entries `actor` made, newest first, with the query's other filters. */
async function actionsOf(token: string, actor: string, query: Record<string, string> = {}): Promise<Logged[]> {
  const answer = await call('adminActions', { token, query: { actor, ...query } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.actions as Logged[];
}

describe('the audit log', () => {
  it("records an admin's price change with the price before and after, read by admins only", async () => {
    const admin = await createUserDirect({ role: 'admin', name: 'Ada Audit' });
    const added = await call('addMeal', { token: admin.token, untypedBody: mealBody({ price: 12.5 }) });
    expect(added.status).toBe(201);
    const mealId = added.body.insertedId as string;
    const changed = await call('updateMeal', {
      params: { id: mealId },
      token: admin.token,
      untypedBody: mealBody({ price: 14 }),
    });
    expect(changed.status).toBe(200);

    const [latest, first] = await actionsOf(admin.token, admin.uid);
    expect(latest).toMatchObject({
      kind: 'meal.changed',
      actor: { uid: admin.uid, name: 'Ada Audit', role: 'admin' },
      target: { id: mealId, label: 'Garden Lentil Soup' },
    });
    // Only what changed, and never the distributor's email.
    expect([latest!.before, latest!.after]).toEqual([{ price: 12.5 }, { price: 14 }]);
    expect(first).toMatchObject({
      kind: 'meal.added',
      before: null,
      after: { price: 12.5, title: 'Garden Lentil Soup' },
    });
    expect(JSON.stringify(first)).not.toContain('orders@greenbowl.test');
    expect(await actionsOf(admin.token, admin.uid, { kind: 'meal.added' })).toHaveLength(1);

    const cook = await staff();
    const student = await createUserDirect();
    expect((await call('adminActions', { token: cook.token })).status).toBe(403);
    expect((await call('adminActions', { token: student.token })).status).toBe(403);
    // No route changes or removes an entry.
    const entryId = (await call('adminActions', { token: admin.token, query: { actor: admin.uid } })).body.actions[0]
      ._id;
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      expect((await raw(method, `/admin-actions/${entryId}`, { token: admin.token, body: {} })).status).toBe(404);
    }
  });

  it('records roles, servings, closed days and settings with each change, and nothing for a refused one', async () => {
    const admin = await createUserDirect({ role: 'admin', name: 'Ravi Roles' });
    const member = await createUserDirect({ name: 'Pat Promoted' });
    expect(
      (await call('changeRole', { params: { uid: member.uid }, token: admin.token, body: { role: 'staff' } })).status,
    ).toBe(200);
    // Refused (their own admin role): nothing is logged.
    expect(
      (await call('changeRole', { params: { uid: admin.uid }, token: admin.token, body: { role: 'student' } })).status,
    ).toBe(409);
    const meal = await call('addMeal', { token: admin.token, untypedBody: mealBody({ title: 'Audit Stew' }) });
    const date = isolatedWeek();
    const serving = await call('addServing', {
      token: admin.token,
      untypedBody: { mealId: meal.body.insertedId, date, slot: 'lunch', capacity: 30 },
    });
    expect(serving.status).toBe(201);
    expect(
      (
        await call('updateServing', {
          params: { id: serving.body.insertedId },
          token: admin.token,
          untypedBody: { capacity: 40 },
        })
      ).status,
    ).toBe(200);
    const closedDate = isolatedWeek();
    expect(
      (await call('closeDay', { params: { date: closedDate }, token: admin.token, body: { note: 'Inspection' } }))
        .status,
    ).toBe(200);
    expect((await call('reopenDay', { params: { date: closedDate }, token: admin.token })).status).toBe(200);
    expect(
      (
        await call('updateMealSettings', {
          token: admin.token,
          untypedBody: { booking: 'default', leave: defaultLeaveRules },
        })
      ).status,
    ).toBe(200);
    await db.doc('settings/meal').delete();

    const actions = await actionsOf(admin.token, admin.uid);
    expect(actions.map((action) => action.kind)).toEqual([
      'settings.changed',
      'day.reopened',
      'day.closed',
      'serving.changed',
      'serving.added',
      'meal.added',
      'user.role',
    ]);
    const byKind = new Map(actions.map((action) => [action.kind, action]));
    expect(byKind.get('user.role')).toMatchObject({
      target: { id: member.uid, label: 'Pat Promoted' },
      before: { role: 'student' },
      after: { role: 'staff' },
    });
    expect(byKind.get('serving.changed')).toMatchObject({ before: { capacity: 30 }, after: { capacity: 40 } });
    expect(byKind.get('day.closed')).toMatchObject({
      target: { id: closedDate },
      before: null,
      after: { note: 'Inspection' },
    });
    expect(byKind.get('settings.changed')).toMatchObject({
      before: { booking: 'reserve' },
      after: { booking: 'default' },
    });

    // By the hostel's days: today's, and none from a day long past.
    const today = hostelDate(new Date(), zone);
    expect(await actionsOf(admin.token, admin.uid, { from: today, to: today })).toHaveLength(7);
    expect(await actionsOf(admin.token, admin.uid, { from: '2020-01-01', to: '2020-01-31' })).toHaveLength(0);
    expect((await call('adminActions', { token: admin.token, query: { from: today, to: '2020-01-01' } })).status).toBe(
      400,
    );
    expect((await call('adminActions', { token: admin.token, query: { kind: 'everything' } })).status).toBe(400);

    // The same entries as CSV, with their changes in words.
    const csv = await getText('adminActionsExport', { actor: admin.uid, kind: 'serving.changed' }, admin.token);
    expect(csv.status).toBe(200);
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['at', 'actor', 'role', 'kind', 'target', 'target id', 'before', 'after']);
    expect(rows.slice(1)).toEqual([
      [
        expect.any(String),
        'Ravi Roles',
        'admin',
        'serving.changed',
        expect.stringContaining('Audit Stew'),
        serving.body.insertedId,
        'capacity: 30',
        'capacity: 40',
      ],
    ]);
  });

  it('records a leave decision and a pass served from its typed short code, not a scanned one', async () => {
    const admin = await createUserDirect({ role: 'admin' });
    await call('updateMealSettings', {
      token: admin.token,
      untypedBody: { booking: 'reserve', leave: { ...defaultLeaveRules, minDays: 1, noticeDays: 0 } },
    });
    const member = await createUserDirect({ membership: 'Gold', name: 'Lee Away' });
    const week = isolatedWeek();
    const leave = await call('applyForLeave', { token: member.token, untypedBody: { from: week, to: week } });
    await call('decideLeave', {
      params: { id: leave.body.insertedId },
      token: admin.token,
      untypedBody: { status: 'declined', reason: 'Exams' },
    });
    await db.doc('settings/meal').delete();
    expect((await actionsOf(admin.token, admin.uid, { kind: 'leave.decided' }))[0]).toMatchObject({
      target: { id: leave.body.insertedId, label: `Lee Away, ${week} to ${week}` },
      before: { status: 'pending' },
      after: { status: 'declined', reason: 'Exams' },
    });

    const cook = await staff();
    const scanned = await reservedWithPass();
    expect((await redeem(cook.token, { token: scanned.pass.token })).status).toBe(201);
    const typed = await reservedWithPass();
    expect((await redeem(cook.token, { shortCode: typed.pass.shortCode, servingId: typed.servingId })).status).toBe(
      201,
    );
    const logged = await actionsOf(admin.token, cook.uid);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      kind: 'pass.redeemedByCode',
      actor: { uid: cook.uid, role: 'staff' },
      target: { id: typed.servingId },
      after: { shortCode: typed.pass.shortCode, member: typed.diner.uid },
    });
  });
});
