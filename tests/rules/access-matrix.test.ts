// Who may do what to each collection: every actor against every operation, on seeded data.
// The table below is the whole policy; docs/security.md shows the same table.
import { assertFails } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import {
  likeBy,
  mealPrivateBy,
  mealRequestBy,
  newcomer,
  newMealBy,
  notificationOf,
  packageDocument,
  paymentBy,
  pendingSlotOf,
  profileOf,
  reviewBy,
  serverTime,
  servingOn,
  storedMeal,
} from './support/documents.js';
import {
  assertReadSucceeds,
  assertSucceeds,
  firestoreAs,
  type Firestore,
  useRulesEnvironment,
} from './support/environment.js';
import { actors, people, personFor, type Actor, type Person } from './support/people.js';

type Operation = 'get' | 'list' | 'create' | 'update' | 'delete';
const operations: Operation[] = ['get', 'list', 'create', 'update', 'delete'];

interface CollectionAccess {
  name: string;
  /** The document under test (it belongs to `owner`) and a sibling owned by `otherStudent`. */
  seed: (db: Firestore) => Promise<unknown>;
  run: {
    get: (db: Firestore) => Promise<{ exists: boolean }>;
    /** The query a client would run for the owner's documents. */
    list: (db: Firestore) => Promise<{ size: number }>;
    /** A new document, written by `person` in their own name where the shape has one. */
    create: (db: Firestore, person: Person) => Promise<unknown>;
    update: (db: Firestore) => Promise<unknown>;
    delete: (db: Firestore) => Promise<unknown>;
  };
  allowed: Partial<Record<Actor, Operation[]>>;
}

const reads: Operation[] = ['get', 'list'];
const everything: Operation[] = operations;
const readableByEveryone = Object.fromEntries(actors.map((actor) => [actor, reads])) as Record<Actor, Operation[]>;

const mealCollection = (collection: 'meals' | 'upcomingMeals'): CollectionAccess => ({
  name: collection,
  seed: (db) => db.doc(`${collection}/meal-1`).set(storedMeal()),
  run: {
    get: (db) => db.doc(`${collection}/meal-1`).get(),
    list: (db) => db.collection(collection).get(),
    create: (db, person) => db.doc(`${collection}/meal-new`).set(newMealBy(person)),
    update: (db) => db.doc(`${collection}/meal-1`).update({ price: 16 }),
    delete: (db) => db.doc(`${collection}/meal-1`).delete(),
  },
  allowed: { ...readableByEveryone, admin: everything },
});

/** The admin-only half of a meal: the distributor's email and the adding admin's uid. */
const privateHalfOf = (collection: 'mealPrivate' | 'upcomingMealPrivate'): CollectionAccess => ({
  name: collection,
  seed: (db) => db.doc(`${collection}/meal-1`).set(mealPrivateBy(people.owner)),
  run: {
    get: (db) => db.doc(`${collection}/meal-1`).get(),
    list: (db) => db.collection(collection).get(),
    create: (db, person) => db.doc(`${collection}/meal-new`).set(mealPrivateBy(person)),
    update: (db) => db.doc(`${collection}/meal-1`).update({ distributorEmail: 'new@greenbowl.test' }),
    delete: (db) => db.doc(`${collection}/meal-1`).delete(),
  },
  allowed: { admin: everything },
});

const likesOf = (collection: 'meals' | 'upcomingMeals'): CollectionAccess => ({
  name: `${collection}/{id}/likes`,
  seed: async (db) => {
    await db.doc(`${collection}/meal-1`).set(storedMeal({ likesCount: 2, reviewsCount: 0, ratingTotal: 0, rating: 0 }));
    await db.doc(`${collection}/meal-1/likes/${people.owner.uid}`).set(likeBy(people.owner.uid));
    await db.doc(`${collection}/meal-1/likes/${people.otherStudent.uid}`).set(likeBy(people.otherStudent.uid));
  },
  run: {
    get: (db) => db.doc(`${collection}/meal-1/likes/${people.owner.uid}`).get(),
    list: (db) => db.collection(`${collection}/meal-1/likes`).where('uid', '==', people.owner.uid).get(),
    create: (db, person) => db.doc(`${collection}/meal-1/likes/${person.uid}-new`).set(likeBy(`${person.uid}-new`)),
    update: (db) => db.doc(`${collection}/meal-1/likes/${people.owner.uid}`).update({ createdAt: new Date() }),
    delete: (db) => db.doc(`${collection}/meal-1/likes/${people.owner.uid}`).delete(),
  },
  allowed: { owner: ['get'] },
});

const collections: CollectionAccess[] = [
  {
    name: 'users',
    seed: async () => undefined, // every person's profile is already there
    run: {
      get: (db) => db.doc(`users/${people.owner.uid}`).get(),
      list: (db) => db.collection('users').get(),
      create: (db) => db.doc(`users/${newcomer.uid}`).set(profileOf(newcomer)),
      update: (db) => db.doc(`users/${people.owner.uid}`).update({ name: 'Olly Renamed' }),
      delete: (db) => db.doc(`users/${people.owner.uid}`).delete(),
    },
    allowed: { owner: ['get', 'update'], admin: ['get', 'list'] },
  },
  mealCollection('meals'),
  mealCollection('upcomingMeals'),
  privateHalfOf('mealPrivate'),
  privateHalfOf('upcomingMealPrivate'),
  {
    name: 'packages',
    // `owner` holds the Gold package; holding it gives no rights over it.
    seed: (db) => db.doc('packages/gold').set(packageDocument('Gold')),
    run: {
      get: (db) => db.doc('packages/gold').get(),
      list: (db) => db.collection('packages').get(),
      create: (db) => db.doc('packages/platinum').set(packageDocument('Platinum')),
      update: (db) => db.doc('packages/gold').update({ price: 34.99 }),
      delete: (db) => db.doc('packages/gold').delete(),
    },
    allowed: { ...readableByEveryone, admin: everything },
  },
  likesOf('meals'),
  likesOf('upcomingMeals'),
  {
    name: 'meals/{id}/reviews',
    // Review ids are opaque hashes (functions/src/features/reviews/review-id.ts), never uids.
    seed: async (db) => {
      await db.doc('meals/meal-1').set(storedMeal({ likesCount: 0, reviewsCount: 2, ratingTotal: 8, rating: 4 }));
      await db.doc('meals/meal-1/reviews/review-of-owner').set(reviewBy(people.owner, 'meal-1'));
      await db.doc('meals/meal-1/reviews/review-of-other').set(reviewBy(people.otherStudent, 'meal-1'));
    },
    run: {
      get: (db) => db.doc('meals/meal-1/reviews/review-of-owner').get(),
      list: (db) => db.collection('meals/meal-1/reviews').where('uid', '==', people.owner.uid).get(),
      create: (db, person) => db.doc(`meals/meal-2/reviews/review-of-${person.uid}`).set(reviewBy(person, 'meal-2')),
      update: (db) => db.doc('meals/meal-1/reviews/review-of-owner').update({ comment: 'Changed my mind.' }),
      delete: (db) => db.doc('meals/meal-1/reviews/review-of-owner').delete(),
    },
    // The public reads reviews through the API, which leaves out the authors' uids.
    allowed: { owner: reads, admin: reads },
  },
  {
    name: 'mealRequests',
    // Request records have ids of their own; a served one stays beside a newer pending one.
    seed: async (db) => {
      await db.doc('mealRequests/request-owner-1').set(mealRequestBy(people.owner, 'meal-1'));
      await db.doc('mealRequests/request-owner-0').set(mealRequestBy(people.owner, 'meal-1', 'served'));
      await db.doc('mealRequests/request-other-1').set(mealRequestBy(people.otherStudent, 'meal-1'));
    },
    run: {
      get: (db) => db.doc('mealRequests/request-owner-1').get(),
      list: (db) => db.collection('mealRequests').where('userUid', '==', people.owner.uid).get(),
      create: (db, person) => db.doc(`mealRequests/request-new-${person.uid}`).set(mealRequestBy(person, 'meal-2')),
      update: (db) => db.doc('mealRequests/request-owner-1').update({ status: 'cancelled' }),
      delete: (db) => db.doc('mealRequests/request-owner-0').delete(),
    },
    // Kitchen staff read what waits to be served (a pending request, Serve Meals' live queue),
    // never a list of someone's requests whatever their status: the history is the admins'.
    allowed: { owner: reads, staff: ['get'], admin: reads },
  },
  {
    name: 'pendingMealRequests',
    // The API's one-pending-request lock: nobody reads or writes it directly.
    seed: async (db) => {
      await db.doc('mealRequests/request-owner-1').set(mealRequestBy(people.owner, 'meal-1'));
      await db
        .doc(`pendingMealRequests/meal-1_${people.owner.uid}`)
        .set(pendingSlotOf(people.owner, 'meal-1', 'request-owner-1'));
    },
    run: {
      get: (db) => db.doc(`pendingMealRequests/meal-1_${people.owner.uid}`).get(),
      list: (db) => db.collection('pendingMealRequests').where('userUid', '==', people.owner.uid).get(),
      create: (db, person) =>
        db.doc(`pendingMealRequests/meal-2_${person.uid}`).set(pendingSlotOf(person, 'meal-2', 'request-forged')),
      update: (db) => db.doc(`pendingMealRequests/meal-1_${people.owner.uid}`).update({ requestId: 'request-forged' }),
      delete: (db) => db.doc(`pendingMealRequests/meal-1_${people.owner.uid}`).delete(),
    },
    allowed: {},
  },
  {
    name: 'servings',
    // The weekly menu: admins and kitchen staff read it (the kitchen view listens); only the API writes.
    seed: async (db) => {
      await db.doc('servings/serving-1').set(servingOn('2026-11-25'));
    },
    run: {
      get: (db) => db.doc('servings/serving-1').get(),
      list: (db) => db.collection('servings').where('date', '==', '2026-11-25').get(),
      create: (db) => db.doc('servings/serving-new').set(servingOn('2026-11-26')),
      update: (db) => db.doc('servings/serving-1').update({ reserved: 0, capacity: 1000 }),
      delete: (db) => db.doc('servings/serving-1').delete(),
    },
    allowed: { staff: reads, admin: reads },
  },
  {
    name: 'closedDays',
    seed: async (db) => {
      await db
        .doc('closedDays/2026-11-25')
        .set({ note: 'Public holiday', closedBy: people.admin.uid, closedAt: serverTime() });
    },
    run: {
      get: (db) => db.doc('closedDays/2026-11-25').get(),
      list: (db) => db.collection('closedDays').get(),
      create: (db, person) => db.doc('closedDays/2026-11-26').set({ note: 'Closed', closedBy: person.uid }),
      update: (db) => db.doc('closedDays/2026-11-25').update({ note: 'Open after all' }),
      delete: (db) => db.doc('closedDays/2026-11-25').delete(),
    },
    allowed: { admin: reads },
  },
  {
    name: 'servingPlaces',
    // A serving's places (ADR 0056), claimed by the API's reservations: nobody reads or writes them directly.
    seed: async (db) => {
      await db
        .doc('servingPlaces/serving-1_0')
        .set({ servingId: 'serving-1', index: 0, requestId: 'request-owner-1', userUid: people.owner.uid });
    },
    run: {
      get: (db) => db.doc('servingPlaces/serving-1_0').get(),
      list: (db) => db.collection('servingPlaces').where('servingId', '==', 'serving-1').get(),
      create: (db, person) =>
        db
          .doc('servingPlaces/serving-1_1')
          .set({ servingId: 'serving-1', index: 1, requestId: 'request-forged', userUid: person.uid }),
      update: (db) => db.doc('servingPlaces/serving-1_0').update({ requestId: 'request-forged' }),
      delete: (db) => db.doc('servingPlaces/serving-1_0').delete(),
    },
    allowed: {},
  },
  {
    name: 'halls',
    // The dining halls (ADR 72): read through GET /halls, changed through the API only.
    seed: async (db) => {
      await db.doc('halls/main').set({ name: 'Main hall', slots: ['lunch'], closedDays: [] });
    },
    run: {
      get: (db) => db.doc('halls/main').get(),
      list: (db) => db.collection('halls').get(),
      create: (db) => db.doc('halls/mine').set({ name: 'Mine', slots: ['lunch'], closedDays: [] }),
      update: (db) => db.doc('halls/main').update({ closedDays: ['2031-01-01'] }),
      delete: (db) => db.doc('halls/main').delete(),
    },
    allowed: {},
  },
  {
    name: 'hallSwitches',
    // A member's meals at another hall a month (ADR 72): kept by the API's reservations only.
    seed: async (db) => {
      await db
        .doc(`hallSwitches/${people.owner.uid}_2031-01`)
        .set({ uid: people.owner.uid, month: '2031-01', count: 1 });
    },
    run: {
      get: (db) => db.doc(`hallSwitches/${people.owner.uid}_2031-01`).get(),
      list: (db) => db.collection('hallSwitches').where('uid', '==', people.owner.uid).get(),
      create: (db, person) =>
        db.doc(`hallSwitches/${person.uid}_2031-02`).set({ uid: person.uid, month: '2031-02', count: 0 }),
      update: (db) => db.doc(`hallSwitches/${people.owner.uid}_2031-01`).update({ count: 0 }),
      delete: (db) => db.doc(`hallSwitches/${people.owner.uid}_2031-01`).delete(),
    },
    allowed: {},
  },
  {
    name: 'hallChoices',
    // How many members chose a hall for a month (ADR 72): kept by the API's choosing alone, so
    // nobody moves themselves into a full hall or frees a place through the SDK.
    seed: async (db) => {
      await db.doc('hallChoices/main_2031-01').set({ hallId: 'main', month: '2031-01', count: 1 });
    },
    run: {
      get: (db) => db.doc('hallChoices/main_2031-01').get(),
      list: (db) => db.collection('hallChoices').where('month', '==', '2031-01').get(),
      create: (db) => db.doc('hallChoices/north_2031-01').set({ hallId: 'north', month: '2031-01', count: 0 }),
      update: (db) => db.doc('hallChoices/main_2031-01').update({ count: 0 }),
      delete: (db) => db.doc('hallChoices/main_2031-01').delete(),
    },
    allowed: {},
  },
  {
    name: 'adminActions',
    // The audit log (ADR 78): written by the API with each change; nobody, admins and staff
    // included, reads it directly, or edits or deletes an entry.
    seed: async (db) => {
      await db.doc('adminActions/action-1').set({
        actor: { uid: people.admin.uid, name: 'Ada Admin', role: 'admin' },
        kind: 'meal.changed',
        target: { type: 'meal', id: 'meal-1', label: 'Soup' },
        before: { price: 10 },
        after: { price: 12 },
      });
    },
    run: {
      get: (db) => db.doc('adminActions/action-1').get(),
      list: (db) => db.collection('adminActions').get(),
      create: (db, person) =>
        db
          .doc('adminActions/action-2')
          .set({ actor: { uid: person.uid }, kind: 'meal.changed', before: null, after: null }),
      update: (db) => db.doc('adminActions/action-1').update({ after: { price: 10 } }),
      delete: (db) => db.doc('adminActions/action-1').delete(),
    },
    allowed: {},
  },
  {
    name: 'leaves',
    // A member's leave and its credit (ADR 74): applied for, decided and cancelled through the
    // API only, which checks the hostel's rules and sends the credit; nobody reads them directly.
    seed: async (db) => {
      await db.doc('leaves/leave-1').set({
        uid: people.owner.uid,
        from: '2031-01-05',
        to: '2031-01-09',
        months: ['2031-01'],
        status: 'pending',
        creditCents: 2000,
      });
    },
    run: {
      get: (db) => db.doc('leaves/leave-1').get(),
      list: (db) => db.collection('leaves').where('uid', '==', people.owner.uid).get(),
      create: (db, person) =>
        db
          .doc('leaves/leave-2')
          .set({ uid: person.uid, from: '2031-02-01', to: '2031-02-03', status: 'approved', creditCents: 99999 }),
      update: (db) => db.doc('leaves/leave-1').update({ status: 'approved' }),
      delete: (db) => db.doc('leaves/leave-1').delete(),
    },
    allowed: {},
  },
  {
    name: 'leaveDays',
    // Members on leave per hall and date (ADR 74): the kitchen's count subtracts them, so only
    // the API's approvals and cancels move them.
    seed: async (db) => {
      await db.doc('leaveDays/main_2031-01-05').set({ hallId: 'main', date: '2031-01-05', count: 1 });
    },
    run: {
      get: (db) => db.doc('leaveDays/main_2031-01-05').get(),
      list: (db) => db.collection('leaveDays').where('date', '==', '2031-01-05').get(),
      create: (db) => db.doc('leaveDays/main_2031-01-06').set({ hallId: 'main', date: '2031-01-06', count: 40 }),
      update: (db) => db.doc('leaveDays/main_2031-01-05').update({ count: 40 }),
      delete: (db) => db.doc('leaveDays/main_2031-01-05').delete(),
    },
    allowed: {},
  },
  {
    name: 'skips',
    // A member who will not eat a serving under default booking (ADR 74): written with the
    // serving's count in one API transaction, before the cutoff.
    seed: async (db) => {
      await db.doc(`skips/serving-1_${people.owner.uid}`).set({ servingId: 'serving-1', uid: people.owner.uid });
    },
    run: {
      get: (db) => db.doc(`skips/serving-1_${people.owner.uid}`).get(),
      list: (db) => db.collection('skips').where('uid', '==', people.owner.uid).get(),
      create: (db, person) => db.doc(`skips/serving-2_${person.uid}`).set({ servingId: 'serving-2', uid: person.uid }),
      update: (db) => db.doc(`skips/serving-1_${people.owner.uid}`).update({ servingId: 'serving-3' }),
      delete: (db) => db.doc(`skips/serving-1_${people.owner.uid}`).delete(),
    },
    allowed: {},
  },
  {
    name: 'standingReservations',
    // A member's weekly pattern (ADR 74): set through PUT /standing-reservations, which checks
    // the membership and the booking rule, and read by the daily job.
    seed: async (db) => {
      await db
        .doc(`standingReservations/${people.owner.uid}`)
        .set({ uid: people.owner.uid, pattern: [{ weekday: 1, slot: 'lunch' }] });
    },
    run: {
      get: (db) => db.doc(`standingReservations/${people.owner.uid}`).get(),
      list: (db) => db.collection('standingReservations').where('uid', '==', people.owner.uid).get(),
      create: (db, person) => db.doc(`standingReservations/${person.uid}`).set({ uid: person.uid, pattern: [] }),
      update: (db) => db.doc(`standingReservations/${people.owner.uid}`).update({ pattern: [] }),
      delete: (db) => db.doc(`standingReservations/${people.owner.uid}`).delete(),
    },
    allowed: {},
  },
  {
    name: 'standingRuns',
    // What the daily job did with a member's serving (ADR 74): its marker keeps a cancelled
    // serving from being reserved again, so only the job writes it.
    seed: async (db) => {
      await db
        .doc(`standingRuns/${people.owner.uid}_serving-1`)
        .set({ uid: people.owner.uid, servingId: 'serving-1', week: '2031-01-06', outcome: 'reserved' });
    },
    run: {
      get: (db) => db.doc(`standingRuns/${people.owner.uid}_serving-1`).get(),
      list: (db) => db.collection('standingRuns').where('uid', '==', people.owner.uid).get(),
      create: (db, person) =>
        db
          .doc(`standingRuns/${person.uid}_serving-2`)
          .set({ uid: person.uid, servingId: 'serving-2', week: '2031-01-06', outcome: 'reserved' }),
      update: (db) => db.doc(`standingRuns/${people.owner.uid}_serving-1`).update({ outcome: 'full' }),
      delete: (db) => db.doc(`standingRuns/${people.owner.uid}_serving-1`).delete(),
    },
    allowed: {},
  },
  {
    name: 'servingCapacities',
    // The capacity a reservation checks in its transaction (ADR 0062, 71): the API's alone.
    seed: async (db) => {
      await db.doc('servingCapacities/serving-1').set({ servingId: 'serving-1', capacity: 40 });
    },
    run: {
      get: (db) => db.doc('servingCapacities/serving-1').get(),
      list: (db) => db.collection('servingCapacities').get(),
      create: (db) => db.doc('servingCapacities/serving-2').set({ servingId: 'serving-2', capacity: 999 }),
      update: (db) => db.doc('servingCapacities/serving-1').update({ capacity: 999 }),
      delete: (db) => db.doc('servingCapacities/serving-1').delete(),
    },
    allowed: {},
  },
  {
    name: 'holds',
    // A member's hold, the API's one-reservation-per-serving lock: nobody reads or writes it directly.
    seed: async (db) => {
      await db
        .doc(`holds/serving-1_${people.owner.uid}`)
        .set({ requestId: 'request-owner-1', servingId: 'serving-1', userUid: people.owner.uid });
    },
    run: {
      get: (db) => db.doc(`holds/serving-1_${people.owner.uid}`).get(),
      list: (db) => db.collection('holds').where('userUid', '==', people.owner.uid).get(),
      create: (db, person) =>
        db
          .doc(`holds/serving-2_${person.uid}`)
          .set({ requestId: 'request-forged', servingId: 'serving-2', userUid: person.uid }),
      update: (db) => db.doc(`holds/serving-1_${people.owner.uid}`).update({ requestId: 'request-forged' }),
      delete: (db) => db.doc(`holds/serving-1_${people.owner.uid}`).delete(),
    },
    allowed: {},
  },
  {
    name: 'passCodes',
    // The counter's short codes (ADR 0034): only the API reads and writes them.
    seed: async (db) => {
      await db
        .doc('passCodes/serving-1_ABC234')
        .set({ uid: people.owner.uid, servingId: 'serving-1', requestId: 'request-owner-1', expiresAt: serverTime() });
    },
    run: {
      get: (db) => db.doc('passCodes/serving-1_ABC234').get(),
      list: (db) => db.collection('passCodes').where('uid', '==', people.owner.uid).get(),
      create: (db, person) =>
        db.doc('passCodes/serving-1_XYZ789').set({ uid: person.uid, servingId: 'serving-1', requestId: null }),
      update: (db) => db.doc('passCodes/serving-1_ABC234').update({ uid: people.otherStudent.uid }),
      delete: (db) => db.doc('passCodes/serving-1_ABC234').delete(),
    },
    allowed: {},
  },
  {
    name: 'rollups',
    // The insights' counters (ADR 0036): only the API reads and writes them, admins through GET /insights.
    seed: async (db) => {
      await db.doc('rollups/2026-11').set({ month: '2026-11', revenue: { grossCents: 3150 } });
    },
    run: {
      get: (db) => db.doc('rollups/2026-11').get(),
      list: (db) => db.collection('rollups').where('month', '<=', '2026-11').get(),
      create: (db) => db.doc('rollups/2026-12').set({ month: '2026-12', revenue: { grossCents: 1 } }),
      update: (db) => db.doc('rollups/2026-11').update({ 'revenue.grossCents': 0 }),
      delete: (db) => db.doc('rollups/2026-11').delete(),
    },
    allowed: {},
  },
  {
    name: 'membershipChanges',
    // The log of memberships starting, changing tier and ending: read only by the rollup rebuild.
    seed: async (db) => {
      await db.doc('membershipChanges/change-1').set({ uid: people.owner.uid, from: null, to: 'Gold', at: new Date() });
    },
    run: {
      get: (db) => db.doc('membershipChanges/change-1').get(),
      list: (db) => db.collection('membershipChanges').where('uid', '==', people.owner.uid).get(),
      create: (db, person) =>
        db.doc('membershipChanges/change-2').set({ uid: person.uid, from: null, to: 'Platinum', at: new Date() }),
      update: (db) => db.doc('membershipChanges/change-1').update({ to: 'Platinum' }),
      delete: (db) => db.doc('membershipChanges/change-1').delete(),
    },
    allowed: {},
  },
  {
    name: 'users/{uid}/notifications',
    seed: async (db) => {
      await db.doc(`users/${people.owner.uid}/notifications/served-1`).set(notificationOf());
      await db.doc(`users/${people.otherStudent.uid}/notifications/served-2`).set(notificationOf());
    },
    run: {
      get: (db) => db.doc(`users/${people.owner.uid}/notifications/served-1`).get(),
      list: (db) => db.collection(`users/${people.owner.uid}/notifications`).orderBy('createdAt', 'desc').get(),
      create: (db, person) => db.doc(`users/${person.uid}/notifications/forged`).set(notificationOf()),
      // The one change a client may make: marking it read, at the time of the write.
      update: (db) => db.doc(`users/${people.owner.uid}/notifications/served-1`).update({ readAt: serverTime() }),
      delete: (db) => db.doc(`users/${people.owner.uid}/notifications/served-1`).delete(),
    },
    // Admins included: a notification is its owner's business only.
    allowed: { owner: ['get', 'list', 'update'] },
  },
  {
    name: 'users/{uid}/pushDevices',
    // A browser's FCM token (ADR 81): the API's alone, its owner included (GET /user/push
    // lists the devices without their tokens).
    seed: async (db) => {
      await db
        .doc(`users/${people.owner.uid}/pushDevices/phone`)
        .set({ token: 'fcm-token:APA91b', label: 'Phone', createdAt: new Date(), lastSeenAt: new Date() });
    },
    run: {
      get: (db) => db.doc(`users/${people.owner.uid}/pushDevices/phone`).get(),
      list: (db) => db.collection(`users/${people.owner.uid}/pushDevices`).get(),
      create: (db, person) =>
        db.doc(`users/${person.uid}/pushDevices/forged`).set({ token: 'forged', label: 'Mine', createdAt: new Date() }),
      update: (db) => db.doc(`users/${people.owner.uid}/pushDevices/phone`).update({ token: 'another' }),
      delete: (db) => db.doc(`users/${people.owner.uid}/pushDevices/phone`).delete(),
    },
    allowed: {},
  },
  {
    name: 'payments',
    seed: async (db) => {
      await db.doc('payments/pi_owner').set(paymentBy(people.owner, 'pi_owner'));
      await db.doc('payments/pi_other').set(paymentBy(people.otherStudent, 'pi_other'));
    },
    run: {
      get: (db) => db.doc('payments/pi_owner').get(),
      list: (db) => db.collection('payments').where('uid', '==', people.owner.uid).get(),
      create: (db, person) => db.doc(`payments/pi_new_${person.uid}`).set(paymentBy(person, `pi_new_${person.uid}`)),
      update: (db) => db.doc('payments/pi_owner').update({ amount: 0.5 }),
      delete: (db) => db.doc('payments/pi_owner').delete(),
    },
    allowed: { owner: reads, admin: reads },
  },
];

const casesOf = (access: CollectionAccess) =>
  actors.flatMap((actor) =>
    operations.map(
      (operation) => [actor, operation, access.allowed[actor]?.includes(operation) ? 'allowed' : 'denied'] as const,
    ),
  );

const rules = useRulesEnvironment();

describe.each(collections.map((access) => [access.name, access] as const))('%s', (_name, access) => {
  // Seeded once for the collection's 35 cases; an allowed write reseeds it for the next case.
  rules.seedGroup(access.seed);

  it.each(casesOf(access))('%s: %s is %s', async (actor, operation, outcome) => {
    const db = firestoreAs(rules.env, actor);
    if (operation === 'get' || operation === 'list') {
      const read: Promise<{ exists: boolean } | { size: number }> = access.run[operation](db);
      if (outcome === 'allowed') await assertReadSucceeds(read);
      else await assertFails(read);
      return;
    }
    const write = operation === 'create' ? access.run.create(db, personFor(actor)) : access.run[operation](db);
    if (outcome === 'allowed') await assertSucceeds(write);
    else await assertFails(write);
  });
});
