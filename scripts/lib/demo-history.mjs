// The demo's past (ADR 0036): six calendar months of demo residents joining, changing tier and
// leaving, their monthly payments (VAT inside, one refunded), and requests and reservations
// served or cancelled, so the Insights charts have a shape on the first `npm start`. Every
// resident here is demo data: "(demo)" in the name, an address under history.demo.hostelhub.test,
// no sign-in account. The seed writes these source documents, then runs the rollup rebuild
// once, so the charts are counted by the API's own code (functions/src/lib/rollup-rebuild.ts).
import { loadContracts } from './contracts.mjs';
import { demoMeals, demoPackages } from './demo-data.mjs';
import { demoServingFields } from './demo-menu.mjs';

/**
 * How far back the past goes: to the first day of the sixth calendar month before this one, on
 * the hostel's calendar, so "six months of history" means the same on every day of a month
 * (a count of days would leave the sixth month empty near the end of a long one).
 */
export const historyMonths = 6;

/** The first day (`YYYY-MM-DD`) of the demo's past, for a hostel whose today is `today`. */
export const historyStart = (shiftMonth, today) => `${shiftMonth(today.slice(0, 7), -historyMonths)}-01`;

// [name, tier, joined days ago, [days ago, new tier or null (left)] or null]. Zara joins on the
// first day of the past (null here), the others within the shortest six months (181 days).
const residents = [
  ['Zara Quinn (demo)', 'gold', null, null],
  ['Zeb Arnott (demo)', 'silver', 178, [95, null]],
  ['Zoe Brandt (demo)', 'platinum', 150, null],
  ['Zack Moreno (demo)', 'silver', 140, [60, 'gold']],
  ['Zia Patel (demo)', 'gold', 120, [25, null]],
  ['Zed Okafor (demo)', 'silver', 90, null],
  ['Zina Holt (demo)', 'gold', 62, null],
  ['Zuri Lane (demo)', 'platinum', 28, null],
];

/** A small deterministic generator, so every fresh demo has the same past. */
function randomFrom(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Writes documents in batches of 400 (Firestore allows 500 writes per batch). */
async function writeAll(db, documents) {
  for (let index = 0; index < documents.length; index += 400) {
    const batch = db.batch();
    for (const [path, data] of documents.slice(index, index + 400)) batch.set(db.doc(path), data);
    await batch.commit();
  }
}

/**
 * Writes the past's source documents: residents, payments, membership changes, past servings
 * and requests. Returns how many documents it wrote.
 */
export async function seedDemoHistory(db, now = new Date()) {
  const contracts = await loadContracts();
  const timeZone = process.env.HOSTEL_TIME_ZONE || contracts.defaultHostelTimeZone;
  const documents = demoHistoryDocuments(contracts, now, timeZone);
  await writeAll(db, documents);
  return documents.length;
}

/**
 * The past's documents as `[path, data]` pairs, for a hostel in `timeZone` at `now`. Instants
 * are Dates, which Firestore stores as timestamps.
 */
export function demoHistoryDocuments(contracts, now, timeZone) {
  const { people, documents } = demoResidents(contracts, now, timeZone);
  return [...documents, ...demoPastDays(contracts, now, timeZone, people)];
}

/** The residents of the past: their accounts, payments and membership changes. */
export function demoResidents(contracts, now, timeZone) {
  const {
    addDays,
    daysBetween,
    hostelDate,
    instantOfHostelTime,
    priceWithVatInCents,
    renewalDayOfMonth,
    requesterSearchTokens,
    shiftMonth,
    userSearchTokens,
  } = contracts;
  const today = hostelDate(now, timeZone);
  const historyDays = daysBetween(historyStart(shiftMonth, today), today);
  // A day's events at 09:00 on the hostel's clock, never after now (today's may be still to come).
  const onDay = (date) => new Date(Math.min(instantOfHostelTime(date, '09:00', timeZone).getTime(), now.getTime()));
  const at = (days) => onDay(addDays(today, -days));
  const packOf = (id) => demoPackages.find((entry) => entry.id === id);
  const documents = [];

  // The demo member of the seed joined Gold when their first invoice was paid (seed.mjs).
  documents.push([
    `membershipChanges/demo-history-member-joined`,
    { uid: 'demo-member', from: null, to: 'Gold', at: at(40) },
  ]);

  const people = residents.map(([name, tier, joined, change], index) => {
    const uid = `demo-history-${index + 1}`;
    const email = `${name.split(' ')[0].toLowerCase()}@history.demo.hostelhub.test`;
    // Search tokens once a resident: each of their hundreds of requests carries the same.
    const searchTokens = requesterSearchTokens(name, email);
    return { uid, name, email, tier, joined: joined ?? historyDays, change, searchTokens };
  });
  for (const person of people) {
    const { uid, name, email, tier, joined, change } = person;
    const left = change && change[1] === null ? change[0] : null;
    const finalTier = change?.[1] ?? tier;
    // Paid on joining, then on the renewal day of each month (as the subscriptions renew,
    // memberships.ts) until leaving or today; the tier changes at `change`.
    const joinedOn = addDays(today, -joined);
    const lastDay = addDays(today, -(left ?? 0));
    const renewals = [];
    for (let month = joinedOn.slice(0, 7); ; month = shiftMonth(month, 1)) {
      const renewal = `${month}-${String(renewalDayOfMonth).padStart(2, '0')}`;
      if (renewal > lastDay) {
        if (left === null) person.renewsOn = renewal;
        break;
      }
      if (renewal > joinedOn) renewals.push(renewal);
    }
    let lastPayment = null;
    for (const [index, paidOn] of [joinedOn, ...renewals].entries()) {
      const packageId = change && change[1] && paidOn >= addDays(today, -change[0]) ? change[1] : tier;
      const pack = packOf(packageId);
      const amountInCents = priceWithVatInCents(pack.price);
      const id = `in_demo_history_${uid.replace(/-/g, '_')}_${index + 1}`;
      lastPayment = id;
      documents.push([
        `payments/${id}`,
        {
          uid,
          email,
          packageId,
          packageName: pack.name,
          amount: amountInCents / 100,
          amountInCents,
          taxInCents: amountInCents - Math.round(pack.price * 100),
          currency: 'usd',
          transactionId: id,
          invoiceId: id,
          subscriptionId: `sub_demo_history_${uid.replace(/-/g, '_')}`,
          paymentMethod: ['card'],
          status: 'succeeded',
          paidAt: onDay(paidOn),
        },
      ]);
    }
    // Zia's last month was refunded, which ended the membership (as a refund does).
    if (left !== null && name.startsWith('Zia') && lastPayment) {
      documents.find(([path]) => path === `payments/${lastPayment}`)[1].status = 'refunded';
    }
    documents.push([`membershipChanges/${uid}-joined`, { uid, from: null, to: packOf(tier).name, at: at(joined) }]);
    if (change) {
      documents.push([
        `membershipChanges/${uid}-changed`,
        { uid, from: packOf(tier).name, to: change[1] ? packOf(change[1]).name : null, at: at(change[0]) },
      ]);
    }
    const pack = packOf(finalTier);
    documents.push([
      `users/${uid}`,
      {
        name,
        email,
        photoURL: null,
        role: 'student',
        badge: left === null ? pack.name : 'Bronze',
        membership: {
          packageId: finalTier,
          packageName: pack.name,
          status: left === null ? 'active' : 'expired',
          currentPeriodEnd: left === null ? instantOfHostelTime(person.renewsOn, '09:00', timeZone) : at(left),
          cancelAtPeriodEnd: false,
          subscriptionId: `sub_demo_history_${uid.replace(/-/g, '_')}`,
        },
        createdAt: at(joined + 1),
        searchTokens: userSearchTokens(name, email),
      },
    ]);
  }
  return { people, documents };
}

/** The requests and reservations of `people` on each day of the past, and its servings. */
function demoPastDays(contracts, now, timeZone, people) {
  const { addDays, daysBetween, hostelDate, instantOfHostelTime, mondayOf, shiftMonth } = contracts;
  const today = hostelDate(now, timeZone);
  const historyDays = daysBetween(historyStart(shiftMonth, today), today);
  const documents = [];
  // Requests and reservations of the members of each past day, with their outcomes. Past
  // servings are kept with their counts, marked counted as the daily no-show count leaves them.
  const random = randomFrom(2026);
  const categoryOf = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' };
  let requestNumber = 0;
  for (let day = historyDays; day >= 1; day -= 1) {
    const date = addDays(today, -day);
    const members = people.filter(
      (person) => person.joined >= day && (person.change?.[1] !== null || person.change[0] < day),
    );
    if (members.length === 0) continue;
    const record = (person, meal, requestedAt, status, serving) => {
      requestNumber += 1;
      const closedAt = new Date(requestedAt.getTime() + 3 * 3_600_000);
      documents.push([
        `mealRequests/demo-history-request-${requestNumber}`,
        {
          mealId: meal.id,
          mealTitle: meal.title,
          userUid: person.uid,
          userEmail: person.email,
          userName: person.name,
          status,
          priority: false,
          quotaWeek: mondayOf(serving?.date ?? date),
          requestedAt,
          servedAt: status === 'served' ? closedAt : null,
          cancelledAt: status === 'cancelled' ? closedAt : null,
          searchTokens: person.searchTokens,
          ...(serving ? { servingId: serving.id, servingDate: serving.date, servingSlot: serving.slot } : {}),
        },
      ]);
    };
    // Reservations: lunch and dinner most days, busier on weekdays.
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    for (const slot of ['breakfast', 'lunch', 'dinner']) {
      const wanted = Math.floor(random() * (slot === 'breakfast' ? 2 : weekday === 0 || weekday === 6 ? 3 : 5));
      if (wanted === 0) continue;
      const choices = demoMeals.filter((meal) => meal.category === categoryOf[slot]);
      const meal = choices[Math.floor(random() * choices.length)];
      const serving = { id: `demo-history-${date}-${slot}`, date, slot };
      const counts = { reserved: 0, served: 0 };
      for (let index = 0; index < wanted; index += 1) {
        const person = members[Math.floor(random() * members.length)];
        const roll = random();
        // No no-shows in the demo's past: a reservation nobody collected stays pending, and
        // Serve Meals and the admin's bell count every pending request as waiting.
        const status = roll < 0.85 ? 'served' : 'cancelled';
        if (status !== 'cancelled') counts.reserved += 1;
        if (status === 'served') counts.served += 1;
        record(person, meal, instantOfHostelTime(addDays(date, -1), '12:00', timeZone), status, serving);
      }
      const at = (time) => instantOfHostelTime(date, time, timeZone);
      documents.push([
        `servings/${serving.id}`,
        {
          ...demoServingFields(contracts, timeZone, { meal, date, slot }),
          capacity: null,
          reserved: counts.reserved,
          served: counts.served,
          noShowsCountedAt: at('23:30'),
          notCollected: 0,
          createdAt: at('00:00'),
          updatedAt: at('00:00'),
        },
      ]);
    }
    // Requests without a serving, now and then.
    if (random() < 0.5) {
      const person = members[Math.floor(random() * members.length)];
      const meal = demoMeals[Math.floor(random() * demoMeals.length)];
      record(person, meal, instantOfHostelTime(date, '09:30', timeZone), random() < 0.8 ? 'served' : 'cancelled', null);
    }
  }
  return documents;
}
