// The insights tests' own arithmetic (ADR 0036): the hostel's calendar computed with Intl,
// not the API's helpers, and a known history from February to April 2030 with what its raw
// documents add up to, for GET /insights, the rebuild script and the payments export.
import { Timestamp } from 'firebase-admin/firestore';
import { addDays, monthsBetween } from '@hostelhub/contracts';
import { db, urlOf, type Query } from './emulators.js';
import { seedTitledMeal } from './meals.js';
import { dayMs } from './users.js';
export const hostelZone = 'Europe/London';
/** The calendar day of an instant in the hostel's zone, computed here with Intl (not the API's helpers). */
export const hostelDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: hostelZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
export const monthOf = (instant: Date) => hostelDay(instant).slice(0, 7);
export const at = (iso: string) => Timestamp.fromDate(new Date(iso));

/** A GET of an entry of the table, its answer read as text with its headers (CSV exports). */
export async function getText(
  name: 'insights' | 'paymentsExport' | 'membersExport' | 'adminActionsExport',
  query: Query = {},
  token?: string,
) {
  const response = await fetch(urlOf(name, { query }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export const runId = Math.random().toString(36).slice(2, 8);
export const uid = (name: string) => `insights-${runId}-${name}`;
export const hyperlinkName = '=HYPERLINK("http://x","y")';
export const fixtureRange = { from: '2030-03', to: '2030-04' };

export type FixtureIds = {
  meals: Record<'a' | 'b' | 'c', string>;
  servings: string[];
  requests: string[];
  payments: string[];
};

export async function writeFixture(): Promise<FixtureIds> {
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
    ['a', '2030-03-31T23:30:00Z', 'served', null], // 1 April at the hostel
    ['a', '2030-03-15T10:00:00Z', 'cancelled', null],
    ['b', '2030-03-15T11:00:00Z', 'pending', null],
    ['b', '2030-03-29T09:00:00Z', 'pending', servingOf(0)], // not collected
    ['c', '2030-03-29T09:05:00Z', 'served', servingOf(0)],
    ['c', '2030-03-30T09:00:00Z', 'pending', servingOf(1)],
    ['a', '2030-03-30T09:10:00Z', 'cancelled', servingOf(1)],
    ['a', '2030-03-30T09:20:00Z', 'served', servingOf(2)],
    ['b', '2030-02-27T09:20:00Z', 'served', null], // February: outside the range
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
      servedAt: status === 'served' ? at(requestedAt) : null,
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
export async function expectedFromRawDocuments(from: string, to: string) {
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
    request.status === 'served'
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

/** Takes the history's requests and servings out of the shared lists later test files read. */
export async function removeFixture(fixture: FixtureIds | undefined) {
  const batch = db.batch();
  for (const id of fixture?.requests ?? []) batch.delete(db.doc(`mealRequests/${id}`));
  for (const id of fixture?.servings ?? []) batch.delete(db.doc(`servings/${id}`));
  await batch.commit();
}
