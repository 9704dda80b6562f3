// The queries the dashboard listens to with the web SDK (live Requested Meals, Serve Meals and
// the bell): each is allowed to exactly the people it is for, and the same query aimed at
// somebody else's documents is refused.
import { assertFails } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { mealRequestBy, newcomer, notificationOf, servingOn } from './support/documents.js';
import { assertReadSucceeds, firestoreAs, type Firestore, useRulesEnvironment } from './support/environment.js';
import { people } from './support/people.js';

const rules = useRulesEnvironment(async (db) => {
  await db.doc('mealRequests/owner-pending').set(mealRequestBy(people.owner, 'meal-1'));
  await db.doc('mealRequests/owner-served').set(mealRequestBy(people.owner, 'meal-2', 'served'));
  await db.doc('mealRequests/other-pending').set(mealRequestBy(people.otherStudent, 'meal-1'));
  await db.doc(`users/${people.owner.uid}/notifications/one`).set(notificationOf());
  await db.doc('servings/lunch-1').set(servingOn('2026-11-25'));
});

const as = (actor: Parameters<typeof firestoreAs>[1]): Firestore => firestoreAs(rules.env, actor);

/** Requested Meals: the caller's own requests, newest first, one page. */
const ownRequests = (db: Firestore, uid: string) =>
  db.collection('mealRequests').where('userUid', '==', uid).orderBy('requestedAt', 'desc').limit(10).get();
/** Serve Meals' history: everyone's served and cancelled requests, newest first, one page. */
const requestHistory = (db: Firestore) =>
  db
    .collection('mealRequests')
    .where('status', 'in', ['served', 'cancelled'])
    .orderBy('requestedAt', 'desc')
    .limit(10)
    .get();
/** Serve Meals' queue and the admin's bell count: every pending request. */
const pendingRequests = (db: Firestore) =>
  db.collection('mealRequests').where('status', '==', 'pending').limit(100).get();
/** The bell: the caller's newest notifications. */
const notificationsOf = (db: Firestore, uid: string) =>
  db.collection(`users/${uid}/notifications`).orderBy('createdAt', 'desc').limit(20).get();

describe('Requested Meals, live', () => {
  it.each(['owner', 'otherStudent', 'member'] as const)('%s may follow their own requests', async (actor) => {
    await assertReadSucceeds(ownRequests(as(actor), people[actor].uid));
  });

  it('an admin may follow any student’s requests', async () => {
    await assertReadSucceeds(ownRequests(as('admin'), people.owner.uid));
  });

  it.each(['otherStudent', 'anonymous'] as const)('%s may not follow the owner’s requests', async (actor) => {
    await assertFails(ownRequests(as(actor), people.owner.uid));
  });
});

describe('Serve Meals, live', () => {
  it('an admin may follow the history of every request and the pending queue', async () => {
    await assertReadSucceeds(requestHistory(as('admin')));
    await assertReadSucceeds(pendingRequests(as('admin')));
  });

  it('kitchen staff may follow the pending queue, not the history of every resident’s requests', async () => {
    await assertReadSucceeds(pendingRequests(as('staff')));
    await assertFails(requestHistory(as('staff')));
    await assertFails(as('staff').doc('mealRequests/owner-served').get());
  });

  it.each(['owner', 'member', 'anonymous'] as const)('%s may follow neither', async (actor) => {
    await assertFails(requestHistory(as(actor)));
    await assertFails(pendingRequests(as(actor)));
  });
});

describe('the bell, live', () => {
  it('the owner may follow their notifications', async () => {
    await assertReadSucceeds(notificationsOf(as('owner'), people.owner.uid));
  });

  it.each(['otherStudent', 'admin', 'anonymous'] as const)('%s may not follow the owner’s', async (actor) => {
    await assertFails(notificationsOf(as(actor), people.owner.uid));
  });
});

describe('the kitchen view, live', () => {
  /** The kitchen view: the servings of one day, with their reserved and served counts. */
  const servingsOfDay = (db: Firestore) => db.collection('servings').where('date', '==', '2026-11-25').get();

  it.each(['admin', 'staff'] as const)('%s may follow the servings of a day', async (actor) => {
    await assertReadSucceeds(servingsOfDay(as(actor)));
  });

  it.each(['anonymous', 'student', 'member', 'owner'] as const)('%s may not', async (actor) => {
    await assertFails(servingsOfDay(as(actor)));
  });

  it('someone signed in whose profile is not stored yet may not, nor list the users (the role is read from it)', async () => {
    const signedInOnly = rules.env
      .authenticatedContext(newcomer.uid, { email: newcomer.email, email_verified: true })
      .firestore();
    await assertFails(servingsOfDay(signedInOnly));
    // Nor list the users, which only an admin (read from the same profile) may.
    await assertFails(signedInOnly.collection('users').get());
  });
});
