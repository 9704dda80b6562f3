// The demo's weekly menu (README "Demo data"; ADR 0029): today and the next 13 days planned
// from a rotation of the demo meals, breakfast, lunch and dinner by the meal's category, and
// a reservation for the demo member. Run by the seed and by every start whose saved data has
// no servings for today, so `npm start` shows a menu on any day.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { loadContracts } from './contracts.mjs';
import { demoMeals } from './demo-data.mjs';

export const demoMenuDays = 14;
const slotCategory = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner' };
/** Two meals a slot, lunch and dinner limited as a real kitchen would. */
const mealsPerSlot = 2;
const demoCapacity = { breakfast: null, lunch: 40, dinner: 30 };

/** The hostel's today, as the API reads HOSTEL_TIME_ZONE. */
export async function hostelToday(now = new Date()) {
  const { defaultHostelTimeZone, hostelDate } = await loadContracts();
  const timeZone = process.env.HOSTEL_TIME_ZONE || defaultHostelTimeZone;
  return { today: hostelDate(now, timeZone), timeZone };
}

/**
 * A demo serving as POST /servings stores it: `meal` on `date` in `slot`, in the slot's window
 * unless `startTime`/`endTime` are given, with the slot's cutoff unless `cutoffAt` is.
 */
export function demoServingFields(
  contracts,
  timeZone,
  { meal, date, slot, startTime, endTime, cutoffAt, hallId = contracts.firstHallId, capacity = demoCapacity[slot] },
) {
  const { addDays, instantOfHostelTime, slotDefaults } = contracts;
  const defaults = slotDefaults[slot];
  // Dates, which Firestore stores as timestamps (and a plain test can read).
  const at = (day, time) => instantOfHostelTime(day, time, timeZone);
  const start = startTime ?? defaults.startTime;
  const end = endTime ?? defaults.endTime;
  return {
    mealId: meal.id,
    // The first hall (ADR 72), which scripts/lib/halls.mjs creates, unless another is named.
    hallId,
    mealTitle: meal.title,
    mealImage: meal.image,
    mealPrice: meal.price,
    mealCategory: meal.category,
    date,
    slot,
    startTime: start,
    endTime: end,
    startsAt: at(date, start),
    endsAt: at(date, end),
    cutoffAt: cutoffAt ?? at(addDays(date, -defaults.cutoffDaysBefore), defaults.cutoffTime),
    capacity,
    reserved: 0,
    served: 0,
    version: 1,
  };
}

/** Plans the coming two weeks unless today already has servings; returns how many were added. */
export async function planDemoMenuIfEmpty(db) {
  const { today } = await hostelToday();
  const planned = await db.collection('servings').where('date', '==', today).limit(1).get();
  if (!planned.empty) return 0;
  return planDemoMenu(db);
}

export async function planDemoMenu(db, now = new Date()) {
  const contracts = await loadContracts();
  const { addDays, mealSlots } = contracts;
  const { today, timeZone } = await hostelToday(now);
  const added = [];
  const batch = db.batch();
  for (let day = 0; day < demoMenuDays; day++) {
    const date = addDays(today, day);
    for (const slot of mealSlots) {
      const choices = demoMeals.filter((meal) => meal.category === slotCategory[slot]);
      for (let pick = 0; pick < Math.min(mealsPerSlot, choices.length); pick++) {
        const meal = choices[(day * mealsPerSlot + pick) % choices.length];
        const id = `demo-${date}-${slot}-${pick + 1}`;
        const serving = {
          ...demoServingFields(contracts, timeZone, { meal, date, slot }),
          createdAt: FieldValue.serverTimestamp(),
          updatedAt: FieldValue.serverTimestamp(),
        };
        batch.set(db.doc(`servings/${id}`), serving);
        added.push({ id, ...serving });
      }
    }
  }
  await batch.commit();
  await reserveForDemoMember(db, added, now);
  return added.length;
}

/** The demo member's reservation: the first serving from now whose cutoff has not passed. */
async function reserveForDemoMember(db, servings, now) {
  const { hostelDate } = await loadContracts();
  const { timeZone } = await hostelToday(now);
  // The servings as written here: their instants are Dates.
  const open = servings
    .filter((serving) => serving.cutoffAt.getTime() > now.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const tomorrow = hostelDate(new Date(now.getTime() + 86_400_000), timeZone);
  const serving = open.find((candidate) => candidate.date <= tomorrow) ?? servings[0];
  if (!serving) return;
  await writeDemoReservation(db, serving, `demo-reservation-${serving.date}`, now);
}

/**
 * The demo member's reservation for a serving of today that has not ended (the one open now,
 * else the next), unless a pending one is held already: on any start, their meal pass can be
 * shown at the counter (ADR 0034), from an hour before that serving. After today's last serving
 * has ended, tomorrow's first one.
 */
export async function reserveTodayForDemoMember(db, now = new Date()) {
  const { addDays } = await loadContracts();
  const { today } = await hostelToday(now);
  await planServingOpenNow(db, now);
  // At the demo member's own hall, whose staff serve them at the counter (ADR 72).
  const servingsOf = async (date) =>
    (await db.collection('servings').where('date', '==', date).get()).docs
      .map((doc) => ({ id: doc.id, ...doc.data() }))
      .filter((serving) => atFirstHall(serving))
      .filter((serving) => serving.endsAt.toMillis() > now.getTime())
      .sort((a, b) => a.startsAt.toMillis() - b.startsAt.toMillis());
  const laterToday = await servingsOf(today);
  const ahead = laterToday.length > 0 ? laterToday : await servingsOf(addDays(today, 1));
  const holds = await Promise.all(ahead.map((serving) => db.doc(`holds/${serving.id}_demo-member`).get()));
  const pending = async (hold) =>
    hold.exists && (await db.doc(`mealRequests/${hold.get('requestId')}`).get()).get('status') === 'pending';
  // A serving whose pass may be shown now comes first: the pass works on this start.
  const soon = ahead.findIndex((serving) => serving.startsAt.toMillis() - hourMs <= now.getTime());
  if (soon >= 0) {
    if (await pending(holds[soon])) return;
    if (!holds[soon].exists) {
      await writeDemoReservation(db, ahead[soon], `demo-reservation-${ahead[soon].id}`, now);
      return;
    }
  }
  for (const hold of holds) if (await pending(hold)) return;
  const serving = ahead.find((_, index) => !holds[index].exists);
  if (serving) await writeDemoReservation(db, serving, `demo-reservation-${serving.id}`, now);
}

const hourMs = 3_600_000;
const atFirstHall = (serving) => (serving.hallId ?? 'main') === 'main';

/**
 * When no serving of today is open now or within the hour (early morning, mid-afternoon, late
 * evening), the demo plans one that is: a serving of the slot nearest on the clock, from now
 * for up to three hours, so the demo member's meal pass can be shown and served at any hour.
 * Its reservations are closed (it started); the demo member's is written for them.
 */
async function planServingOpenNow(db, now) {
  const contracts = await loadContracts();
  const { wallClockAsUtc } = contracts;
  const { today, timeZone } = await hostelToday(now);
  const todays = (await db.collection('servings').where('date', '==', today).get()).docs
    .map((doc) => doc.data())
    .filter(atFirstHall);
  const soon = todays.some(
    (serving) => serving.startsAt.toMillis() - hourMs <= now.getTime() && now.getTime() < serving.endsAt.toMillis(),
  );
  if (soon) return;
  const clock = new Date(wallClockAsUtc(now.getTime(), timeZone));
  const minutes = clock.getUTCHours() * 60 + clock.getUTCMinutes();
  if (minutes > 23 * 60 + 50) return; // Too close to midnight for a window today.
  const slot = minutes < 11 * 60 ? 'breakfast' : minutes < 17 * 60 ? 'lunch' : 'dinner';
  const taken = new Set(todays.filter((serving) => serving.slot === slot).map((serving) => serving.mealId));
  const meal = demoMeals.find((entry) => entry.category === slotCategory[slot] && !taken.has(entry.id));
  if (!meal) return;
  const time = (total) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  const startTime = time(minutes - (minutes % 5));
  const endTime = time(Math.min(minutes - (minutes % 5) + 180, 23 * 60 + 59));
  const startsAt = Timestamp.fromDate(contracts.instantOfHostelTime(today, startTime, timeZone));
  await db.doc(`servings/demo-${today}-${slot}-now`).set({
    ...demoServingFields(contracts, timeZone, { meal, date: today, slot, startTime, endTime, cutoffAt: startsAt }),
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
}

/**
 * Writes the demo member's pending reservation of `serving` as POST /meal-request would; at a
 * hall not their own, counted on their month's switches (ADR 72) unless `switchLimit` are used.
 * Answers whether it was written.
 */
export async function writeDemoReservation(db, serving, id, now, switchLimit = null) {
  const { mondayOf, requesterSearchTokens } = await loadContracts();
  const member = await db.doc('users/demo-member').get();
  if (!member.exists) return false;
  const email = member.get('email');
  const name = member.get('name');
  const switchRef = db.doc(`hallSwitches/demo-member_${serving.date.slice(0, 7)}`);
  return db.runTransaction(async (transaction) => {
    const [existing, hold, switches] = await transaction.getAll(
      db.doc(`mealRequests/${id}`),
      db.doc(`holds/${serving.id}_demo-member`),
      switchRef,
    );
    if (existing.exists || hold.exists) return false;
    const switched = (switches.get('count') ?? 0) + 1;
    if (switchLimit !== null && switched > switchLimit) return false;
    transaction.set(db.doc(`mealRequests/${id}`), {
      mealId: serving.mealId,
      mealTitle: serving.mealTitle,
      userUid: 'demo-member',
      userEmail: email,
      userName: name,
      status: 'pending',
      priority: true,
      quotaWeek: mondayOf(serving.date),
      requestedAt: Timestamp.fromDate(now),
      servedAt: null,
      cancelledAt: null,
      searchTokens: requesterSearchTokens(name, email),
      servingId: serving.id,
      servingDate: serving.date,
      servingSlot: serving.slot,
      servingHall: serving.hallId ?? 'main',
      ...(switchLimit !== null ? { hallSwitch: true } : {}),
    });
    if (switchLimit !== null) {
      transaction.set(switchRef, { uid: 'demo-member', month: serving.date.slice(0, 7), count: switched });
    }
    transaction.set(db.doc(`holds/${serving.id}_demo-member`), {
      requestId: id,
      servingId: serving.id,
      userUid: 'demo-member',
    });
    transaction.update(db.doc(`servings/${serving.id}`), { reserved: FieldValue.increment(1) });
    return true;
  });
}
