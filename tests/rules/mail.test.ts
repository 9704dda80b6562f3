// mail/{id}: the emails the API and the schedules write for the Trigger Email extension
// (docs/email.md). They hold addresses and signed unsubscribe links: no client reads or
// writes them, not even the recipient or an admin; only the server (Admin SDK) does.
import { assertFails } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { firestoreAs, type Firestore, useRulesEnvironment } from './support/environment.js';
import { actors, people } from './support/people.js';

const mail = `mail/reservation-confirmed-r1_${people.owner.uid}`;
const stored = () => ({
  to: 'owner@example.test',
  message: { subject: 'Reservation confirmed: Lunch, Tue 25 Nov', text: 'Hello', html: '<p>Hello</p>' },
  kind: 'reservation',
  uid: people.owner.uid,
});

const rules = useRulesEnvironment(async (db) => {
  await db.doc(mail).set(stored());
});

const as = (actor: Parameters<typeof firestoreAs>[1]): Firestore => firestoreAs(rules.env, actor);

describe('mail', () => {
  it.each(actors)('%s may not read, list, create, change or delete an email', async (actor) => {
    await assertFails(as(actor).doc(mail).get());
    await assertFails(as(actor).collection('mail').where('uid', '==', people.owner.uid).get());
    await assertFails(as(actor).doc(`mail/new-${actor}`).set(stored()));
    await assertFails(as(actor).doc(mail).update({ 'delivery.state': 'RETRY' }));
    await assertFails(as(actor).doc(mail).delete());
  });

  it.each(actors)('%s may not read or change the email settings', async (actor) => {
    await assertFails(as(actor).doc('settings/email').get());
    await assertFails(
      as(actor)
        .doc('settings/email')
        .set({ weeklyMenu: { weekday: 1, hour: 1 } }),
    );
  });
});
