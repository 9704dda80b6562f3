// complaints/{id} and servingRatings/{servingId}_{uid}: only the API writes either. A member
// reads their own complaints (a list must ask for its own uid); admins read every complaint;
// kitchen staff none, since a complaint holds its author's email and those about staff are the
// admins' alone (ADR 68); nobody reads a rating or a complaint counter directly.
import { assertFails } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { serverTime } from './support/documents.js';
import { assertReadSucceeds, firestoreAs, type Firestore, useRulesEnvironment } from './support/environment.js';
import { actors, people, personFor, type Actor } from './support/people.js';

function complaintBy(uid: string, fields: Record<string, unknown> = {}) {
  return {
    uid,
    authorName: 'Someone',
    authorEmail: `${uid}@rules.test`,
    servingId: null,
    serving: null,
    category: 'food',
    text: 'The dal was cold',
    urgent: false,
    status: 'open',
    answered: false,
    reason: null,
    replies: [],
    createdAt: new Date(),
    updatedAt: new Date(),
    firstAnsweredAt: null,
    ...fields,
  };
}

function ratingBy(uid: string) {
  return {
    servingId: 'serving-1',
    uid,
    requestId: 'request-1',
    mealId: 'meal-1',
    mealTitle: 'Dal',
    date: '2026-11-20',
    slot: 'lunch',
    stars: 4,
    comment: 'Good',
    contactMe: false,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

const ownersComplaint = 'complaints/owners';
const othersComplaint = 'complaints/others';
const aboutStaff = 'complaints/about-staff';
const memberCounter = `complaintCounters/member-${people.owner.uid}`;
const ownersRating = `servingRatings/serving-1_${people.owner.uid}`;

const rules = useRulesEnvironment(async (db) => {
  await db.doc(ownersComplaint).set(complaintBy(people.owner.uid));
  await db.doc(othersComplaint).set(complaintBy(people.otherStudent.uid));
  await db.doc(aboutStaff).set(complaintBy(people.otherStudent.uid, { category: 'staff' }));
  await db.doc(memberCounter).set({ period: '2026-11-20', count: 2, updatedAt: new Date() });
  await db.doc(ownersRating).set(ratingBy(people.owner.uid));
});

const as = (actor: Actor): Firestore => firestoreAs(rules.env, actor);

describe('complaints', () => {
  it('the author reads their own and lists them by their uid', async () => {
    await assertReadSucceeds(as('owner').doc(ownersComplaint).get());
    await assertReadSucceeds(as('owner').collection('complaints').where('uid', '==', people.owner.uid).get());
  });

  it.each(['student', 'member', 'otherStudent', 'anonymous'] as const)(
    '%s may not read the owner’s complaint',
    async (actor) => {
      await assertFails(as(actor).doc(ownersComplaint).get());
    },
  );

  it('a member may not list everyone’s complaints', async () => {
    await assertFails(as('owner').collection('complaints').get());
    await assertFails(as('member').collection('complaints').where('status', '==', 'open').get());
  });

  it('an admin reads and lists every complaint, those about staff included', async () => {
    await assertReadSucceeds(as('admin').doc(ownersComplaint).get());
    await assertReadSucceeds(as('admin').doc(aboutStaff).get());
    await assertReadSucceeds(as('admin').collection('complaints').where('status', '==', 'open').get());
  });

  it('kitchen staff read no complaint directly: not one about staff, nor any author’s email', async () => {
    await assertFails(as('staff').doc(aboutStaff).get());
    await assertFails(as('staff').collection('complaints').where('category', '==', 'staff').get());
    await assertFails(as('staff').doc(othersComplaint).get());
    await assertFails(as('staff').collection('complaints').where('status', '==', 'open').get());
  });

  it.each(actors)('%s may not create, change or delete a complaint', async (actor) => {
    const db = as(actor);
    const person = personFor(actor);
    await assertFails(db.doc('complaints/new').set(complaintBy(person.uid)));
    await assertFails(db.collection('complaints').add(complaintBy(person.uid)));
    await assertFails(db.doc(ownersComplaint).update({ status: 'resolved', updatedAt: serverTime() }));
    await assertFails(db.doc(ownersComplaint).update({ replies: [{ text: 'sorted', authorRole: 'admin' }] }));
    await assertFails(db.doc(ownersComplaint).delete());
  });
});

describe('complaintCounters', () => {
  it.each(actors)('%s may not read or write a complaint counter', async (actor) => {
    await assertFails(as(actor).doc(memberCounter).get());
    await assertFails(as(actor).doc(memberCounter).set({ period: '2026-11-20', count: 0 }));
  });
});

describe('servingRatings', () => {
  it.each(actors)('%s may not read or list ratings', async (actor) => {
    await assertFails(as(actor).doc(ownersRating).get());
    await assertFails(as(actor).collection('servingRatings').where('uid', '==', personFor(actor).uid).get());
  });

  it.each(actors)('%s may not write a rating', async (actor) => {
    const db = as(actor);
    const person = personFor(actor);
    await assertFails(db.doc(`servingRatings/serving-2_${person.uid}`).set(ratingBy(person.uid)));
    await assertFails(db.doc(ownersRating).update({ stars: 1 }));
    await assertFails(db.doc(ownersRating).delete());
  });
});
