// The demo's second dining hall (issue 52, ADR 72): the North hall serves lunch and dinner
// from its own menu, with its own member of staff (demo-data.mjs), and the demo member, whose
// home is the Main hall, has a dinner booked there now and then, counted as a switch. Run by
// the seed and on every start, after the first hall exists: what is there already is kept.
import { FieldValue } from 'firebase-admin/firestore';
import { loadContracts } from './contracts.mjs';
import { demoAccounts, demoMeals } from './demo-data.mjs';
import { demoMenuDays, demoServingFields, hostelToday, writeDemoReservation } from './demo-menu.mjs';

export const demoNorthHall = { id: 'north', name: 'North hall', slots: ['lunch', 'dinner'] };
const northCapacity = { lunch: 25, dinner: 20 };
const slotCategory = { lunch: 'Lunch', dinner: 'Dinner' };

/** @param {import('firebase-admin/firestore').Firestore} db */
export async function seedDemoHalls(db, now = new Date()) {
  await db
    .doc(`halls/${demoNorthHall.id}`)
    .create({
      name: demoNorthHall.name,
      slots: demoNorthHall.slots,
      closedDays: [],
      // The members who may choose it for a month.
      memberLimit: 40,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    })
    .catch((error) => {
      if (error.code !== 6 /* ALREADY_EXISTS */) throw error;
    });
  // Saved demo accounts from before halls get theirs; one an admin has set keeps it.
  for (const account of demoAccounts.filter((each) => each.halls)) {
    const user = await db.doc(`users/${account.uid}`).get();
    const unset = Object.entries(account.halls).filter(([field]) => user.exists && user.get(field) === undefined);
    if (unset.length > 0) await user.ref.update(Object.fromEntries(unset));
  }
  // Members choose next month's hall until the 25th (My Profile); an admin's own settings stay.
  await db
    .doc('settings/halls')
    .create({ switchesPerMonth: 4, chooseUntilDay: 25 })
    .catch((error) => {
      if (error.code !== 6 /* ALREADY_EXISTS */) throw error;
    });
  const added = await planNorthMenuIfEmpty(db, now);
  await bookNorthDinnerForDemoMember(db, now);
  return added;
}

/** The North hall's two weeks from today, one meal a slot, unless today has its servings. */
async function planNorthMenuIfEmpty(db, now) {
  const contracts = await loadContracts();
  const { today, timeZone } = await hostelToday(now);
  const todays = await db.collection('servings').where('date', '==', today).get();
  if (todays.docs.some((doc) => doc.get('hallId') === demoNorthHall.id)) return 0;
  const batch = db.batch();
  let added = 0;
  for (let day = 0; day < demoMenuDays; day++) {
    const date = contracts.addDays(today, day);
    for (const slot of demoNorthHall.slots) {
      const choices = demoMeals.filter((meal) => meal.category === slotCategory[slot]);
      // The Main hall serves the rotation's first two of the day; the North hall the third.
      const meal = choices[(day * 2 + 2) % choices.length];
      batch.set(db.doc(`servings/demo-north-${date}-${slot}`), {
        ...demoServingFields(contracts, timeZone, {
          meal,
          date,
          slot,
          hallId: demoNorthHall.id,
          capacity: northCapacity[slot],
        }),
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      added += 1;
    }
  }
  await batch.commit();
  return added;
}

/** The demo member's North dinner the day after tomorrow, within the hostel's switches a month. */
async function bookNorthDinnerForDemoMember(db, now) {
  const { addDays, defaultHallSettings } = await loadContracts();
  const { today } = await hostelToday(now);
  const serving = await db.doc(`servings/demo-north-${addDays(today, 2)}-dinner`).get();
  if (!serving.exists || serving.get('cutoffAt').toMillis() <= now.getTime()) return;
  const limit = (await db.doc('settings/halls').get()).get('switchesPerMonth') ?? defaultHallSettings.switchesPerMonth;
  if (limit === 0) return;
  await writeDemoReservation(db, { id: serving.id, ...serving.data() }, `demo-reservation-${serving.id}`, now, limit);
}
