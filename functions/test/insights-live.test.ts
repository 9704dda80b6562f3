// Insights (ADR 0036): the rollups kept by the transactions that change the numbers, each
// live change counted on its hostel day, and the members export.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, membersCsvHeader } from '@hostelhub/contracts';
import { parseCsv } from '../../scripts/lib/csv-rows.mjs';
import { tidyEndedMemberships } from '../src/features/payments/tidy-memberships.js';
import { countUncollectedReservations } from '../src/features/reservations/no-shows.js';
import { call, db, type TestUser } from './support/emulators.js';
import { movedBy, numberIn, rollup } from './support/rollups.js';
import { seedTitledMeal } from './support/meals.js';
import { planServing } from './support/menu.js';
import { createStudent } from './support/payments.js';
import { billingAtThePresent, deliverInOrder, eventsOf, memberThroughWebhook } from './support/subscriptions.js';
import { createUserDirect, dayMs } from './support/users.js';
import { getText, hostelDay, monthOf } from './support/insights.js';
let admin: TestUser;
beforeAll(async () => {
  admin = await createUserDirect({ role: 'admin' });
});

describe('GET /exports/members.csv', () => {
  it('lists members with tier, status and renewal, names neutralised', async () => {
    const renewing = await createUserDirect({ membership: 'Gold', name: '@SUM(A1:A9)' });
    const ending = await createUserDirect({ membership: 'Silver', membershipFields: { cancelAtPeriodEnd: true } });
    const ended = await createUserDirect({
      membership: 'Platinum',
      membershipFields: { currentPeriodEnd: Timestamp.fromMillis(Date.now() - 10 * dayMs) },
    });
    const response = await getText('membersExport', {}, admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual([...membersCsvHeader]);
    const rowOf = (email: string) => rows.find((row) => row[1] === email);
    const endOf = async (user: TestUser) =>
      hostelDay((await db.doc(`users/${user.uid}`).get()).get('membership.currentPeriodEnd').toDate());
    const expected = [
      [renewing, "'@SUM(A1:A9)", 'Gold', 'active', 'renews'],
      [ending, 'Test User', 'Silver', 'active', 'ends'],
      [ended, 'Test User', 'Platinum', 'expired', 'ended'],
    ] as const;
    for (const [user, name, tier, status, period] of expected) {
      expect(rowOf(user.email)).toEqual([name, user.email, tier, status, `${period} ${await endOf(user)}`]);
    }
    expect(rowOf(admin.email)).toBeUndefined();
  });
});

describe('the rollups follow the live changes, in the same transactions', () => {
  const today = () => hostelDay(new Date());

  it('counts a request, its serve, the undo, and a cancelled request on the day they are for', async () => {
    const member = await createUserDirect({ membership: 'Platinum' });
    const meal = await seedTitledMeal();
    const day = today();
    const before = { day: await rollup(day), month: await rollup(day.slice(0, 7)) };
    const made = await call('requestMeal', { token: member.token, body: { mealId: meal.id } });
    expect(made.status).toBe(201);
    const other = await seedTitledMeal();
    const cancelled = await call('requestMeal', { token: member.token, body: { mealId: other.id } });
    await call('cancelRequest', { params: { id: cancelled.body.insertedId }, token: member.token });
    const served = await call('serveRequest', { token: admin.token, body: { id: made.body.insertedId } });
    expect(served.status).toBe(200);
    const afterServe = await rollup(day);
    expect(movedBy(afterServe, before.day, 'requested')).toBe(2);
    expect(movedBy(afterServe, before.day, 'served')).toBe(1);
    expect(movedBy(afterServe, before.day, 'cancelled')).toBe(1);
    expect(numberIn(await rollup(day.slice(0, 7)), 'mealRequests', meal.id)).toBe(1);

    const undone = await call('undoServe', { token: admin.token, body: { id: made.body.insertedId } });
    expect(undone.status).toBe(200);
    expect(numberIn(await rollup(day), 'served')).toBe(numberIn(before.day, 'served'));
  });

  it('counts a reservation on its serving’s date and slot, a no-show once after the serving, and a late serve', async () => {
    const member = await createUserDirect({ membership: 'Platinum' });
    const meal = await seedTitledMeal();
    const date = addDays(today(), 3);
    const servingId = await planServing(admin.token, {
      mealId: meal.id,
      date,
      slot: 'dinner',
      startTime: '18:00',
      endTime: '20:00',
    });
    const before = await rollup(date);
    const reserved = await call('requestMeal', { token: member.token, body: { mealId: meal.id, servingId } });
    expect(reserved.status).toBe(201);
    const afterReserve = await rollup(date);
    expect(movedBy(afterReserve, before, 'reserved')).toBe(1);
    expect(movedBy(afterReserve, before, 'slots', 'dinner', 'reserved')).toBe(1);

    // The daily count, run after the serving ended: once, however often it runs.
    const endsAt = (await db.doc(`servings/${servingId}`).get()).get('endsAt').toDate();
    const after = new Date(endsAt.getTime() + 3_600_000);
    expect(await countUncollectedReservations(after)).toBeGreaterThanOrEqual(1);
    await countUncollectedReservations(after);
    const counted = await rollup(date);
    expect(movedBy(counted, before, 'notCollected')).toBe(1);
    expect(movedBy(counted, before, 'slots', 'dinner', 'notCollected')).toBe(1);
    expect((await db.doc(`servings/${servingId}`).get()).data()).toMatchObject({
      notCollected: 1,
      noShowsCountedAt: expect.anything(),
    });

    // Served late after all: no longer a no-show.
    await call('serveRequest', { token: admin.token, body: { id: reserved.body.insertedId } });
    const late = await rollup(date);
    expect(numberIn(late, 'notCollected')).toBe(numberIn(before, 'notCollected'));
    expect(movedBy(late, before, 'slots', 'dinner', 'served')).toBe(1);
  });

  it('counts a membership ended by the daily tidy in the month it was tidied', async () => {
    const ending = await createUserDirect({
      membership: 'Gold',
      membershipFields: { currentPeriodEnd: Timestamp.fromMillis(Date.now() - 10 * dayMs) },
    });
    const now = new Date();
    const month = monthOf(now);
    const before = await rollup(month);
    await tidyEndedMemberships(now);
    const logged = (await db.collection('membershipChanges').where('at', '==', now).get()).docs.map((doc) =>
      doc.data(),
    );
    expect(logged).toContainEqual({ uid: ending.uid, from: 'Gold', to: null, at: expect.anything() });
    const after = await rollup(month);
    expect(movedBy(after, before, 'members', 'lost')).toBe(logged.length);
    expect(movedBy(after, before, 'members', 'left', 'Gold')).toBe(
      logged.filter((entry) => entry.from === 'Gold').length,
    );
  });

  describe('payments through Stripe', () => {
    const billing = billingAtThePresent({ Gold: 30 });

    it('counts a paid invoice with its VAT and the member gained, then the refund and the member lost', async () => {
      const payer = await createStudent();
      const month = monthOf(new Date());
      const before = await rollup(month);
      const { created, customer } = await memberThroughWebhook(billing.stripe, payer, billing.Gold);
      const invoice = billing.stripe.invoices.get(
        billing.stripe.subscriptions.get(created.subscriptionId)!.latest_invoice,
      )!;
      const tax = (invoice as unknown as { total_taxes: { amount: number }[] }).total_taxes[0]!.amount;
      const paid = await rollup(month);
      const delta = (...path: string[]) => movedBy(paid, before, ...path);
      expect(delta('revenue', 'grossCents')).toBe(invoice.amount_paid);
      expect(delta('revenue', 'taxCents')).toBe(tax);
      expect(tax).toBeGreaterThan(0);
      expect(delta('revenue', 'payments')).toBe(1);
      expect(delta('members', 'gained')).toBe(1);
      expect(delta('members', 'joined', 'Gold')).toBe(1);

      const paymentIntent = billing.stripe.paymentIntents.get(
        invoice.confirmation_secret.client_secret.split('_secret_')[0],
      )!;
      billing.stripe.refund((paymentIntent as unknown as { latest_charge: string }).latest_charge);
      await deliverInOrder(eventsOf(billing.stripe, customer));
      await deliverInOrder(eventsOf(billing.stripe, customer));
      const refunded = await rollup(month);
      const after = (...path: string[]) => movedBy(refunded, before, ...path);
      expect(after('revenue', 'refundedCents')).toBe(invoice.amount_paid);
      expect(after('revenue', 'grossCents')).toBe(invoice.amount_paid);
      expect(after('members', 'lost')).toBe(1);
      expect(after('members', 'left', 'Gold')).toBe(1);
      expect((await db.doc(`payments/${invoice.id}`).get()).get('taxInCents')).toBe(tax);
    });
  });
});
