// Insights and the accounts' exports (ADR 0036): the rollups kept by the transactions that
// change the numbers, GET /insights against what this test computes from the raw documents
// of a known history, the rebuild script on a drifted rollup, and the CSV exports.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, membersCsvHeader, monthsBetween, paymentsCsvHeader } from '@hostelhub/contracts';
import { parseCsv } from '../../scripts/lib/csv-rows.mjs';
import { tidyEndedMemberships } from '../src/features/payments/tidy-memberships.js';
import { countUncollectedReservations } from '../src/features/requests/no-shows.js';
import { rebuildRollups } from '../src/lib/rollup-rebuild.js';
import { call, db, urlOf, type Query, type TestUser } from './support/emulators.js';
import { numberIn, rollup } from './support/rollups.js';
import type { FakeStripe } from './support/fake-stripe.js';
import { seedTitledMeal } from './support/meals.js';
import { planServing } from './support/menu.js';
import { createStudent, type TestPackage } from './support/payments.js';
import {
  customerOf,
  deliverInOrder,
  eventsOf,
  startAtThePresent,
  startBilling,
  subscribeAndPay,
} from './support/subscriptions.js';
import { createUserDirect, dayMs } from './support/users.js';

const hostelZone = 'Europe/London';
/** The calendar day of an instant in the hostel's zone, computed here with Intl (not the API's helpers). */
const hostelDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: hostelZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
const monthOf = (instant: Date) => hostelDay(instant).slice(0, 7);
const at = (iso: string) => Timestamp.fromDate(new Date(iso));

/** A GET of an entry of the table, its answer read as text with its headers (CSV exports). */
async function getText(name: 'insights' | 'paymentsExport' | 'membersExport', query: Query = {}, token?: string) {
  const response = await fetch(urlOf(name, { query }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  admin = await createUserDirect({ role: 'admin' });
  student = await createUserDirect({ membership: 'Gold' });
});

describe('who may read insights and exports', () => {
  const calls = [
    ['insights', { from: '2030-03', to: '2030-04' }],
    ['paymentsExport', { from: '2030-03', to: '2030-04' }],
    ['membersExport', {}],
  ] as const;

  it.each(calls)('%s: a visitor gets 401, a student 403, an admin 200', async (name, query) => {
    const visitor = await getText(name, query);
    expect(visitor.status).toBe(401);
    expect(JSON.parse(visitor.text)).toEqual({ message: expect.any(String) });
    const asStudent = await getText(name, query, student.token);
    expect(asStudent.status).toBe(403);
    expect(JSON.parse(asStudent.text)).toEqual({ message: 'Admins only' });
    expect((await getText(name, query, admin.token)).status).toBe(200);
  });

  it.each([
    ['insights', 'from=2030-13&to=2031-01', 'from: must be a month YYYY-MM'],
    ['insights', 'from=2030-05&to=2030-04', 'from: must not be after to'],
    ['insights', 'from=2026-01&to=2028-01', 'from: reaches more than 24 months'],
    ['paymentsExport', 'from=2030-03-32&to=2030-04', 'from: must be YYYY-MM or YYYY-MM-DD'],
  ] as const)('%s?%s answers 400 with the reason', async (name, query, message) => {
    const response = await call(name, { query, token: admin.token });
    expect(response).toEqual({ status: 400, body: { message } });
  });
});

// A known history from February to April 2030, in the hostel's time zone (Europe/London):
// British Summer Time starts at 01:00 UTC on Sunday 31 March 2030, so 23:30 UTC that day is
// already 00:30 on 1 April at the hostel. No other test writes payments, membership changes or
// reservations in these months.
const runId = Math.random().toString(36).slice(2, 8);
const uid = (name: string) => `insights-${runId}-${name}`;
const hyperlinkName = '=HYPERLINK("http://x","y")';
const fixtureRange = { from: '2030-03', to: '2030-04' };

type FixtureIds = {
  meals: Record<'a' | 'b' | 'c', string>;
  servings: string[];
  requests: string[];
  payments: string[];
};
let fixture: FixtureIds | undefined;
afterAll(async () => {
  // Once every test here has read them, the history's requests and servings leave the
  // shared lists later test files read.
  const batch = db.batch();
  for (const id of fixture?.requests ?? []) batch.delete(db.doc(`mealRequests/${id}`));
  for (const id of fixture?.servings ?? []) batch.delete(db.doc(`servings/${id}`));
  await batch.commit();
});

async function writeFixture(): Promise<FixtureIds> {
  const meals = {
    a: (await seedTitledMeal({ title: `Insight stew ${runId}` })).id,
    b: (await seedTitledMeal({ title: `Insight curry ${runId}` })).id,
    c: (await seedTitledMeal({ title: `Insight soup ${runId}` })).id,
  };
  for (const [name, label] of [
    ['ann', 'Ann Accounts'],
    ['bob', 'Bob Refund'],
    ['eve', hyperlinkName],
  ] as const) {
    await db.doc(`users/${uid(name)}`).set({ name: label, email: `${name}-${runId}@insights.test`, role: 'student' });
  }
  const payments: [string, string, number, number | null, string, string][] = [
    // id, paid at (UTC), cents, Stripe's tax (null: a one-off row, VAT inside), status, payer
    ['feb', '2030-02-28T23:59:00Z', 3150, 150, 'succeeded', 'ann'],
    ['mar-first', '2030-03-01T00:30:00Z', 2100, 100, 'succeeded', 'ann'],
    ['mar-refunded', '2030-03-20T12:00:00Z', 2100, null, 'refunded', 'bob'],
    ['mar-last', '2030-03-31T00:30:00Z', 3150, 150, 'succeeded', 'bob'],
    ['apr-first-bst', '2030-03-31T23:30:00Z', 3150, 150, 'succeeded', 'eve'],
    ['apr-disputed', '2030-04-15T09:00:00Z', 4200, 200, 'disputed', 'ann'],
  ];
  const paymentIds: string[] = [];
  for (const [id, paidAt, cents, tax, status, payer] of payments) {
    const paymentId = `in_insights_${runId}_${id}`;
    paymentIds.push(paymentId);
    await db.doc(`payments/${paymentId}`).set({
      uid: uid(payer),
      email: `${payer}-${runId}@insights.test`,
      packageId: 'gold',
      packageName: 'Gold',
      amount: cents / 100,
      amountInCents: cents,
      ...(tax === null ? {} : { taxInCents: tax }),
      currency: 'usd',
      transactionId: paymentId,
      paymentMethod: ['card'],
      status,
      paidAt: at(paidAt),
    });
  }
  // Servings: lunch on the DST day (its no-shows counted), dinner on 2 April (not counted
  // yet), breakfast on 1 April (counted).
  const servings = [
    { id: `insights-${runId}-s1`, date: '2030-03-31', slot: 'lunch', counted: true },
    { id: `insights-${runId}-s2`, date: '2030-04-02', slot: 'dinner', counted: false },
    { id: `insights-${runId}-s3`, date: '2030-04-01', slot: 'breakfast', counted: true },
  ];
  for (const serving of servings) {
    await db.doc(`servings/${serving.id}`).set({
      mealId: meals.a,
      date: serving.date,
      slot: serving.slot,
      ...(serving.counted ? { noShowsCountedAt: at('2030-04-03T00:00:00Z') } : {}),
    });
  }
  const servingOf = (index: number) => ({
    servingId: servings[index]!.id,
    servingDate: servings[index]!.date,
    servingSlot: servings[index]!.slot,
  });
  const requests: [keyof typeof meals, string, string, Record<string, string> | null][] = [
    // meal, requested at (UTC), status, serving
    ['a', '2030-03-31T23:30:00Z', 'delivered', null], // 1 April at the hostel
    ['a', '2030-03-15T10:00:00Z', 'cancelled', null],
    ['b', '2030-03-15T11:00:00Z', 'pending', null],
    ['b', '2030-03-29T09:00:00Z', 'pending', servingOf(0)], // not collected
    ['c', '2030-03-29T09:05:00Z', 'delivered', servingOf(0)],
    ['c', '2030-03-30T09:00:00Z', 'pending', servingOf(1)],
    ['a', '2030-03-30T09:10:00Z', 'cancelled', servingOf(1)],
    ['a', '2030-03-30T09:20:00Z', 'delivered', servingOf(2)],
    ['b', '2030-02-27T09:20:00Z', 'delivered', null], // February: outside the range
  ];
  const requestIds: string[] = [];
  for (const [index, [meal, requestedAt, status, serving]] of requests.entries()) {
    const id = `insights-${runId}-r${index}`;
    requestIds.push(id);
    await db.doc(`mealRequests/${id}`).set({
      mealId: meals[meal],
      mealTitle: 'Fixture meal',
      userUid: uid('ann'),
      userEmail: `ann-${runId}@insights.test`,
      userName: 'Ann Accounts',
      status,
      priority: false,
      quotaWeek: '2030-03-25',
      requestedAt: at(requestedAt),
      servedAt: status === 'delivered' ? at(requestedAt) : null,
      cancelledAt: status === 'cancelled' ? at(requestedAt) : null,
      ...(serving ?? {}),
    });
  }
  const changes: [string, string | null, string | null, string][] = [
    ['ann', null, 'Gold', '2030-02-10T10:00:00Z'], // before the range: a member when it starts
    ['bob', null, 'Silver', '2030-03-05T10:00:00Z'],
    ['bob', 'Silver', 'Gold', '2030-03-31T23:30:00Z'], // 1 April at the hostel
    ['ann', 'Gold', null, '2030-04-20T10:00:00Z'], // a member who left
    ['eve', null, 'Platinum', '2030-04-21T10:00:00Z'],
  ];
  for (const [who, from, to, when] of changes) {
    await db.collection('membershipChanges').add({ uid: uid(who), from, to, at: at(when) });
  }
  return { meals, servings: servings.map((serving) => serving.id), requests: requestIds, payments: paymentIds };
}

/** Every series of the range, computed from the raw documents with this file's own arithmetic. */
async function expectedFromRawDocuments(from: string, to: string) {
  const months = monthsBetween(from, to);
  const inRange = (month: string) => months.includes(month);
  // A few days either side of the range in UTC, then each document placed by its hostel day.
  const wide = {
    start: new Date(`${from}-01T00:00:00Z`).getTime() - 2 * dayMs,
    end: Date.parse(`${to}-28`) + 6 * dayMs,
  };

  const payments = (
    await db
      .collection('payments')
      .where('paidAt', '>=', new Date(wide.start))
      .where('paidAt', '<', new Date(wide.end))
      .get()
  ).docs.map((doc) => doc.data());
  const revenue = months.map((month) => {
    const rows = payments.filter((row) => monthOf(row.paidAt.toDate()) === month);
    const taxOf = (row: any) => row.taxInCents ?? row.amountInCents - Math.round(row.amountInCents / 1.05);
    const back = rows.filter((row) => row.status === 'refunded' || row.status === 'disputed');
    const sum = (list: any[], of: (row: any) => number) => list.reduce((total, row) => total + of(row), 0);
    const grossCents = sum(rows, (row) => row.amountInCents);
    const refundedCents = sum(back, (row) => row.amountInCents);
    return {
      month,
      grossCents,
      refundedCents,
      netCents: grossCents - refundedCents,
      taxCents: sum(rows, taxOf) - sum(back, taxOf),
      payments: rows.length,
    };
  });

  const changes = (await db.collection('membershipChanges').get()).docs.map((doc) => doc.data());
  const members = months.map((month) => {
    const byTier: Record<string, number> = { Silver: 0, Gold: 0, Platinum: 0 };
    for (const change of changes.filter((entry) => monthOf(entry.at.toDate()) <= month)) {
      if (change.from) byTier[change.from] = byTier[change.from]! - 1;
      if (change.to) byTier[change.to] = byTier[change.to]! + 1;
    }
    const own = changes.filter((entry) => monthOf(entry.at.toDate()) === month);
    return {
      month,
      byTier,
      gained: own.filter((entry) => !entry.from && entry.to).length,
      lost: own.filter((entry) => entry.from && !entry.to).length,
    };
  });

  const requestDocs = [
    ...(
      await db
        .collection('mealRequests')
        .where('servingDate', '>=', `${from}-01`)
        .where('servingDate', '<=', `${to}-31`)
        .get()
    ).docs,
    ...(
      await db
        .collection('mealRequests')
        .where('requestedAt', '>=', new Date(wide.start))
        .where('requestedAt', '<', new Date(wide.end))
        .get()
    ).docs.filter((doc) => typeof doc.get('servingId') !== 'string'),
  ].map((doc) => doc.data());
  const servingIds = [...new Set(requestDocs.map((request) => request.servingId).filter(Boolean))];
  const counted = new Set(
    (servingIds.length ? await db.getAll(...servingIds.map((id) => db.doc(`servings/${id}`))) : [])
      .filter((serving) => serving.exists && serving.get('noShowsCountedAt'))
      .map((serving) => serving.id),
  );
  const dayOf = (request: any) => request.servingDate ?? hostelDay(request.requestedAt.toDate());
  const outcomeOf = (request: any) =>
    request.status === 'delivered'
      ? 'served'
      : request.status === 'cancelled'
        ? 'cancelled'
        : counted.has(request.servingId)
          ? 'notCollected'
          : 'pending';
  const counting = requestDocs.filter((request) => inRange(dayOf(request).slice(0, 7)));
  const meals = [];
  for (let date = `${from}-01`; date.slice(0, 7) <= to; date = addDays(date, 1)) {
    const today = counting.filter((request) => dayOf(request) === date);
    meals.push({
      date,
      requested: today.length,
      reserved: today.filter((request) => request.servingId).length,
      served: today.filter((request) => outcomeOf(request) === 'served').length,
      cancelled: today.filter((request) => outcomeOf(request) === 'cancelled').length,
      notCollected: today.filter((request) => outcomeOf(request) === 'notCollected').length,
    });
  }
  const reservations = counting.filter((request) => request.servingId);
  const slots = ['breakfast', 'lunch', 'dinner'];
  const noShowBySlot = slots.map((slot) => {
    const served = reservations.filter((r) => r.servingSlot === slot && outcomeOf(r) === 'served').length;
    const notCollected = reservations.filter((r) => r.servingSlot === slot && outcomeOf(r) === 'notCollected').length;
    return {
      slot,
      served,
      notCollected,
      rate: served + notCollected ? Math.round((notCollected / (served + notCollected)) * 1000) / 1000 : 0,
    };
  });
  const busiestSlots = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    for (const slot of slots) {
      busiestSlots.push({
        weekday,
        slot,
        reservations: reservations.filter(
          (r) =>
            r.servingSlot === slot && ((new Date(`${r.servingDate}T12:00:00Z`).getUTCDay() + 6) % 7) + 1 === weekday,
        ).length,
      });
    }
  }
  busiestSlots.sort(
    (a, b) => b.reservations - a.reservations || a.weekday - b.weekday || slots.indexOf(a.slot) - slots.indexOf(b.slot),
  );

  const perMeal = new Map<string, number>();
  for (const request of counting) perMeal.set(request.mealId, (perMeal.get(request.mealId) ?? 0) + 1);
  const ranked = async (order: 1 | -1) => {
    const ids = [...perMeal].sort((a, b) => order * (b[1] - a[1]) || a[0].localeCompare(b[0])).map(([id]) => id);
    const standings = [];
    for (const id of ids) {
      const meal = await db.doc(`meals/${id}`).get();
      if (!meal.exists) continue;
      standings.push({
        _id: id,
        title: meal.get('title'),
        requests: perMeal.get(id),
        likes: meal.get('likesCount'),
        rating: meal.get('rating'),
        reviews: meal.get('reviewsCount'),
      });
    }
    return standings.slice(0, 5);
  };
  return {
    revenue,
    members,
    meals,
    noShowBySlot,
    busiestSlots,
    topByRequests: await ranked(1),
    bottomByRequests: await ranked(-1),
  };
}

describe('GET /insights over a known history crossing a month end and the start of summer time', () => {
  beforeAll(async () => {
    fixture = await writeFixture();
    // The rollups of the history, made by the same increments the live transactions add.
    await rebuildRollups({ from: '2030-02', to: '2030-04', fix: true });
  });

  it('answers every series as the raw documents add up, in the hostel’s time zone', async () => {
    const response = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    expect(response.status).toBe(200);
    const insights = response.body;
    const expected = await expectedFromRawDocuments(fixtureRange.from, fixtureRange.to);
    expect({ from: insights.from, to: insights.to, timeZone: insights.timeZone, currency: insights.currency }).toEqual({
      from: '2030-03',
      to: '2030-04',
      timeZone: hostelZone,
      currency: 'usd',
    });
    expect(insights.revenue).toEqual(expected.revenue);
    expect(insights.members).toEqual(expected.members);
    expect(insights.meals).toEqual(expected.meals);
    expect(insights.noShowBySlot).toEqual(expected.noShowBySlot);
    expect(insights.busiestSlots).toEqual(expected.busiestSlots);
    expect(insights.topMeals.byRequests).toEqual(expected.topByRequests);
    expect(insights.bottomMeals.byRequests).toEqual(expected.bottomByRequests);
  });

  it('counts the payment made at 00:30 BST on 1 April in April, and the refund and dispute against their months', async () => {
    const { body } = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    const [march, april] = body.revenue;
    // March: 21.00 + 21.00 (refunded) + 31.50, the tax of the refunded one-off row derived from its amount.
    expect(march).toEqual({
      month: '2030-03',
      grossCents: 7350,
      refundedCents: 2100,
      netCents: 5250,
      taxCents: 250,
      payments: 3,
    });
    // April: 31.50 paid at 23:30 UTC on 31 March, and 42.00 disputed.
    expect(april).toEqual({
      month: '2030-04',
      grossCents: 7350,
      refundedCents: 4200,
      netCents: 3150,
      taxCents: 150,
      payments: 2,
    });
    const days = new Map(body.meals.map((day: any) => [day.date, day]));
    expect(days.get('2030-03-31')).toEqual({
      date: '2030-03-31',
      requested: 2,
      reserved: 2,
      served: 1,
      cancelled: 0,
      notCollected: 1,
    });
    expect(days.get('2030-04-01')).toEqual({
      date: '2030-04-01',
      requested: 2,
      reserved: 1,
      served: 2,
      cancelled: 0,
      notCollected: 0,
    });
    expect(body.meals).toHaveLength(61);
    const tiersAtEnd = body.members.map((month: any) => [month.month, month.gained, month.lost]);
    expect(tiersAtEnd).toEqual([
      ['2030-03', 1, 0],
      ['2030-04', 1, 1],
    ]);
  });

  it('ranks meals by likes and rating with bounded ordered reads of the meals’ counters', async () => {
    const meal = await seedTitledMeal({ title: `Insight favourite ${runId}` });
    // Above every meal another test file stored, whichever ran first.
    const mostLiked = await db.collection('meals').orderBy('likesCount', 'desc').limit(1).get();
    const favouriteLikes = Math.max(100_000, Number(mostLiked.docs[0]?.get('likesCount') ?? 0) + 1);
    await db
      .doc(`meals/${meal.id}`)
      .update({ likesCount: favouriteLikes, reviewsCount: 2, ratingTotal: 10, rating: 5 });
    const { body } = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    const all = (await db.collection('meals').get()).docs;
    const likes = all.map((doc) => Number(doc.get('likesCount'))).sort((a, b) => b - a);
    expect(body.topMeals.byLikes.map((entry: any) => entry.likes)).toEqual(likes.slice(0, 5));
    expect(body.bottomMeals.byLikes.map((entry: any) => entry.likes)).toEqual([...likes].reverse().slice(0, 5));
    expect(body.topMeals.byLikes[0]).toMatchObject({
      _id: meal.id,
      title: meal.title,
      likes: favouriteLikes,
      rating: 5,
      reviews: 2,
    });
    const ratings = all
      .map((doc) => Number(doc.get('rating')))
      .filter((rating) => rating > 0)
      .sort((a, b) => b - a);
    expect(body.topMeals.byRating.map((entry: any) => entry.rating)).toEqual(ratings.slice(0, 5));
    expect(body.bottomMeals.byRating.map((entry: any) => entry.rating)).toEqual([...ratings].reverse().slice(0, 5));
    await db.doc(`meals/${meal.id}`).delete();
  });
});

describe('scripts/rebuild-rollups.mjs', () => {
  /** Runs the script as an operator would (asynchronously, so this process's idle connections stay answered). */
  const runScript = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [join(__dirname, '..', '..', 'scripts', 'rebuild-rollups.mjs'), ...args], {
        env: process.env,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });

  it('finds a drifted rollup, fixes it with --fix, and then finds nothing', async () => {
    const before = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    await db.doc('rollups/2030-03').update({ 'revenue.grossCents': 999_999 });
    await db.doc('rollups/2030-03-31').update({ notCollected: 7 });
    const drifted = await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token });
    expect(drifted.body.revenue[0].grossCents).toBe(999_999);

    const found = await runScript('--from', '2030-02', '--to', '2030-04');
    expect(found.status, found.stderr).toBe(1);
    expect(found.stdout).toContain(
      `rollups/2030-03 revenue.grossCents: stored 999999, rebuilt ${before.body.revenue[0].grossCents}`,
    );
    expect(found.stdout).toContain('rollups/2030-03-31 notCollected: stored 7, rebuilt 1');
    expect(found.stdout).toMatch(/, 2 differences\./);

    const fixed = await runScript('--from', '2030-02', '--to', '2030-04', '--fix');
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/2 differences, 2 documents rewritten\./);
    const again = await runScript('--from', '2030-02', '--to', '2030-04');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/, 0 differences\./);
    expect((await call('insights', { query: { from: '2030-03', to: '2030-04' }, token: admin.token })).body).toEqual(
      before.body,
    );
  });

  it('refuses a month that is not YYYY-MM', async () => {
    const refused = await runScript('--from', 'March');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--from must be a month YYYY-MM');
  });
});

describe('GET /exports/payments.csv', () => {
  it('answers the range’s payments as an attachment, with formulas neutralised and amounts in dollars', async () => {
    const response = await getText('paymentsExport', { from: '2030-03', to: '2030-04' }, admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="payments-2030-03-to-2030-04.csv"');
    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual([...paymentsCsvHeader]);
    const ours = rows.slice(1).filter((row) => row[7]?.startsWith(`in_insights_${runId}_`));
    expect(ours).toEqual([
      [
        '2030-03-01',
        'Ann Accounts',
        `ann-${runId}@insights.test`,
        'Gold',
        '21.00',
        '1.00',
        'USD',
        `in_insights_${runId}_mar-first`,
        'succeeded',
      ],
      [
        '2030-03-20',
        'Bob Refund',
        `bob-${runId}@insights.test`,
        'Gold',
        '21.00',
        '1.00',
        'USD',
        `in_insights_${runId}_mar-refunded`,
        'refunded',
      ],
      [
        '2030-03-31',
        'Bob Refund',
        `bob-${runId}@insights.test`,
        'Gold',
        '31.50',
        '1.50',
        'USD',
        `in_insights_${runId}_mar-last`,
        'succeeded',
      ],
      // The spreadsheet sees text: a leading apostrophe, the cell quoted for its quotes and comma.
      [
        '2030-04-01',
        `'${hyperlinkName}`,
        `eve-${runId}@insights.test`,
        'Gold',
        '31.50',
        '1.50',
        'USD',
        `in_insights_${runId}_apr-first-bst`,
        'succeeded',
      ],
      [
        '2030-04-15',
        'Ann Accounts',
        `ann-${runId}@insights.test`,
        'Gold',
        '42.00',
        '2.00',
        'USD',
        `in_insights_${runId}_apr-disputed`,
        'disputed',
      ],
    ]);
    expect(response.text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    // The month's succeeded rows add up to the revenue chart's net bar for it.
    const { body } = await call('insights', { query: { from: '2030-03', to: '2030-03' }, token: admin.token });
    const succeeded = rows.slice(1).filter((row) => row[0]!.startsWith('2030-03') && row[8] === 'succeeded');
    expect(Math.round(succeeded.reduce((sum, row) => sum + Number(row[4]) * 100, 0))).toBe(body.revenue[0].netCents);
  });

  it('reads a day range by the hostel’s calendar', async () => {
    const response = await getText('paymentsExport', { from: '2030-04-01', to: '2030-04-01' }, admin.token);
    const ids = parseCsv(response.text)
      .slice(1)
      .map((row) => row[7]);
    expect(ids).toEqual([`in_insights_${runId}_apr-first-bst`]);
  });

  it('pages a long month through to its last row, oldest first', async () => {
    const month = '2032-01';
    const start = Date.parse(`${month}-05T10:00:00Z`);
    for (let first = 0; first < 501; first += 250) {
      const batch = db.batch();
      for (let index = first; index < Math.min(first + 250, 501); index += 1) {
        batch.set(db.doc(`payments/in_page_${runId}_${String(index).padStart(3, '0')}`), {
          uid: uid('ann'),
          email: `ann-${runId}@insights.test`,
          packageName: 'Silver',
          amountInCents: 2100,
          taxInCents: 100,
          currency: 'usd',
          transactionId: `in_page_${runId}_${String(index).padStart(3, '0')}`,
          status: 'succeeded',
          paidAt: Timestamp.fromMillis(start + index * 60_000),
        });
      }
      await batch.commit();
    }
    const response = await getText('paymentsExport', { from: month, to: month }, admin.token);
    const ids = parseCsv(response.text)
      .slice(1)
      .map((row) => row[7])
      .filter((id) => id?.startsWith(`in_page_${runId}_`));
    expect(ids).toHaveLength(501);
    expect(ids).toEqual([...ids].sort());
  });
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
    expect(rowOf(renewing.email)).toEqual([
      "'@SUM(A1:A9)",
      renewing.email,
      'Gold',
      'active',
      `renews ${await endOf(renewing)}`,
    ]);
    expect(rowOf(ending.email)).toEqual(['Test User', ending.email, 'Silver', 'active', `ends ${await endOf(ending)}`]);
    expect(rowOf(ended.email)).toEqual([
      'Test User',
      ended.email,
      'Platinum',
      'expired',
      `ended ${await endOf(ended)}`,
    ]);
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
    expect(numberIn(afterServe, 'requested') - numberIn(before.day, 'requested')).toBe(2);
    expect(numberIn(afterServe, 'served') - numberIn(before.day, 'served')).toBe(1);
    expect(numberIn(afterServe, 'cancelled') - numberIn(before.day, 'cancelled')).toBe(1);
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
    expect(numberIn(afterReserve, 'reserved') - numberIn(before, 'reserved')).toBe(1);
    expect(
      numberIn(afterReserve, 'slots', 'dinner', 'reserved') - numberIn(before, 'slots', 'dinner', 'reserved'),
    ).toBe(1);

    // The daily count, run after the serving ended: once, however often it runs.
    const endsAt = (await db.doc(`servings/${servingId}`).get()).get('endsAt').toDate();
    const after = new Date(endsAt.getTime() + 3_600_000);
    expect(await countUncollectedReservations(after)).toBeGreaterThanOrEqual(1);
    await countUncollectedReservations(after);
    const counted = await rollup(date);
    expect(numberIn(counted, 'notCollected') - numberIn(before, 'notCollected')).toBe(1);
    expect(
      numberIn(counted, 'slots', 'dinner', 'notCollected') - numberIn(before, 'slots', 'dinner', 'notCollected'),
    ).toBe(1);
    expect((await db.doc(`servings/${servingId}`).get()).data()).toMatchObject({
      notCollected: 1,
      noShowsCountedAt: expect.anything(),
    });

    // Served late after all: no longer a no-show.
    await call('serveRequest', { token: admin.token, body: { id: reserved.body.insertedId } });
    const late = await rollup(date);
    expect(numberIn(late, 'notCollected')).toBe(numberIn(before, 'notCollected'));
    expect(numberIn(late, 'slots', 'dinner', 'served') - numberIn(before, 'slots', 'dinner', 'served')).toBe(1);
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
    expect(numberIn(after, 'members', 'lost') - numberIn(before, 'members', 'lost')).toBe(logged.length);
    expect(numberIn(after, 'members', 'left', 'Gold') - numberIn(before, 'members', 'left', 'Gold')).toBe(
      logged.filter((entry) => entry.from === 'Gold').length,
    );
  });

  describe('payments through Stripe', () => {
    let stripe: FakeStripe;
    let gold: TestPackage;
    beforeAll(async () => {
      ({ stripe, Gold: gold } = await startBilling({ Gold: 30 }));
    });
    afterAll(() => stripe?.close());
    beforeEach(() => startAtThePresent(stripe));

    it('counts a paid invoice with its VAT and the member gained, then the refund and the member lost', async () => {
      const payer = await createStudent();
      const month = monthOf(new Date());
      const before = await rollup(month);
      const created = await subscribeAndPay(stripe, payer, gold);
      const customer = await customerOf(payer.uid);
      await deliverInOrder(eventsOf(stripe, customer));
      const invoice = stripe.invoices.get(stripe.subscriptions.get(created.subscriptionId)!.latest_invoice)!;
      const tax = (invoice as unknown as { total_taxes: { amount: number }[] }).total_taxes[0]!.amount;
      const paid = await rollup(month);
      const delta = (...path: string[]) => numberIn(paid, ...path) - numberIn(before, ...path);
      expect(delta('revenue', 'grossCents')).toBe(invoice.amount_paid);
      expect(delta('revenue', 'taxCents')).toBe(tax);
      expect(tax).toBeGreaterThan(0);
      expect(delta('revenue', 'payments')).toBe(1);
      expect(delta('members', 'gained')).toBe(1);
      expect(delta('members', 'joined', 'Gold')).toBe(1);

      const paymentIntent = stripe.paymentIntents.get(invoice.confirmation_secret.client_secret.split('_secret_')[0])!;
      stripe.refund((paymentIntent as unknown as { latest_charge: string }).latest_charge);
      await deliverInOrder(eventsOf(stripe, customer));
      await deliverInOrder(eventsOf(stripe, customer));
      const refunded = await rollup(month);
      const after = (...path: string[]) => numberIn(refunded, ...path) - numberIn(before, ...path);
      expect(after('revenue', 'refundedCents')).toBe(invoice.amount_paid);
      expect(after('revenue', 'grossCents')).toBe(invoice.amount_paid);
      expect(after('members', 'lost')).toBe(1);
      expect(after('members', 'left', 'Gold')).toBe(1);
      expect((await db.doc(`payments/${invoice.id}`).get()).get('taxInCents')).toBe(tax);
    });
  });
});
