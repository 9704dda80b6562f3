// users/{uid}/notifications: written by the API only; the owner reads them and may do one
// thing to each, mark it read at the time of the write.
import { assertFails } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import { deleteField, notificationOf, serverTime } from './support/documents.js';
import {
  assertReadSucceeds,
  assertSucceeds,
  firestoreAs,
  type Firestore,
  useRulesEnvironment,
} from './support/environment.js';
import { people } from './support/people.js';

const unread = `users/${people.owner.uid}/notifications/unread`;
const alreadyRead = `users/${people.owner.uid}/notifications/read`;
const othersNotice = `users/${people.otherStudent.uid}/notifications/theirs`;

const rules = useRulesEnvironment(async (db) => {
  await db.doc(unread).set(notificationOf());
  await db.doc(alreadyRead).set(notificationOf({ readAt: new Date(Date.now() - 60_000) }));
  await db.doc(othersNotice).set(notificationOf());
});

const as = (actor: Parameters<typeof firestoreAs>[1]): Firestore => firestoreAs(rules.env, actor);

describe('reading', () => {
  it('the owner lists their own, newest first, as the bell does', async () => {
    await assertReadSucceeds(
      as('owner').collection(`users/${people.owner.uid}/notifications`).orderBy('createdAt', 'desc').limit(20).get(),
    );
  });

  it.each(['otherStudent', 'admin', 'anonymous'] as const)('%s may not read or list the owner’s', async (actor) => {
    await assertFails(as(actor).doc(unread).get());
    await assertFails(as(actor).collection(`users/${people.owner.uid}/notifications`).get());
  });

  it('a collection-group query over everyone’s notifications is denied', async () => {
    await assertFails(as('owner').collectionGroup('notifications').get());
  });
});

describe('marking read', () => {
  it('the owner marks an unread one read at the time of the write', async () => {
    await assertSucceeds(as('owner').doc(unread).update({ readAt: serverTime() }));
  });

  it.each([
    ['a time of their choosing', { readAt: new Date() }],
    ['a time in the past', { readAt: new Date(0) }],
    ['text', { readAt: 'now' }],
    ['null again', { readAt: null }],
    ['the title', { title: 'You won a prize' }],
    ['the link', { link: 'https://evil.example.test' }],
    ['readAt and the body', { readAt: serverTime(), body: 'Changed' }],
    ['removing readAt', { readAt: deleteField() }],
  ])('the owner may not set %s', async (_what, change) => {
    await assertFails(as('owner').doc(unread).update(change));
  });

  it('a notice read once stays read at its first time', async () => {
    await assertFails(as('owner').doc(alreadyRead).update({ readAt: serverTime() }));
  });

  it.each(['otherStudent', 'admin', 'anonymous'] as const)('%s may not mark the owner’s read', async (actor) => {
    await assertFails(as(actor).doc(unread).update({ readAt: serverTime() }));
  });
});

describe('writing', () => {
  it.each(['owner', 'admin', 'otherStudent'] as const)(
    '%s may not create one, for themselves or anyone',
    async (actor) => {
      await assertFails(as(actor).doc(`users/${people[actor].uid}/notifications/made-up`).set(notificationOf()));
      await assertFails(as(actor).doc(`users/${people.owner.uid}/notifications/made-up`).set(notificationOf()));
    },
  );

  it('the owner may not delete one, nor overwrite it whole', async () => {
    await assertFails(as('owner').doc(unread).delete());
    await assertFails(
      as('owner')
        .doc(unread)
        .set(notificationOf({ readAt: serverTime() })),
    );
  });
});
