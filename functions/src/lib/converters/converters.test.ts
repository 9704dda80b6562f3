// The typed collections (ADR 57) on the Firestore emulator: a read is checked against the
// collection's shape and fails naming the document; a write goes through as given.
import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it, onTestFinished } from 'vitest';
import { collections, db } from '../firestore.js';
import { StoredDocumentError, converters, dataOf, typed } from './index.js';

const id = () => `converter-${randomUUID()}`;

describe('the typed collections', () => {
  it('read a document in its shape, typed, keeping the fields the shape does not name', async () => {
    const servingId = id();
    const startsAt = Timestamp.fromDate(new Date('1999-01-04T12:00:00Z'));
    const stored = db.collection(collections.servings).doc(servingId);
    onTestFinished(() => stored.delete().then(() => undefined));
    await stored.set({
      mealId: 'soup',
      date: '1999-01-04',
      slot: 'lunch',
      startsAt,
      capacity: null,
      reserved: 2,
      somethingOlder: 'kept',
    });
    const serving = (await typed.servings().doc(servingId).get()).data();
    expect(serving?.slot).toBe('lunch');
    expect(serving?.reserved).toBe(2);
    expect(serving?.startsAt?.isEqual(startsAt)).toBe(true);
    expect(serving).toMatchObject({ somethingOlder: 'kept' });
  });

  it('fail loudly, naming the collection, the id and the field, when a document is not in its shape', async () => {
    const servingId = id();
    // A date no menu reads, and gone after the test: other files of this worker read the
    // servings of their days, and this one would fail their reads.
    const stored = db.collection(collections.servings).doc(servingId);
    await stored.set({ mealId: 'soup', date: '1999-01-04', slot: 'brunch' });
    onTestFinished(() => stored.delete().then(() => undefined));
    const read = typed
      .servings()
      .doc(servingId)
      .get()
      .then((snapshot) => snapshot.data());
    await expect(read).rejects.toThrow(StoredDocumentError);
    await expect(read).rejects.toThrow(`servings/${servingId}`);
    await expect(read).rejects.toThrow(/slot/);
  });

  it('check every document of a query, and a missing document reads as none', async () => {
    const uid = id();
    const ref = typed.complaints().doc(id());
    await ref.set({
      uid,
      category: 'food',
      text: 'Cold soup',
      status: 'open',
      createdAt: FieldValue.serverTimestamp(),
    });
    const [complaint] = (await typed.complaints().where('uid', '==', uid).get()).docs;
    expect(complaint?.data().category).toBe('food');
    expect(complaint?.data().createdAt).toBeInstanceOf(Timestamp);
    await db.collection(collections.complaints).doc(id()).set({ uid, category: 'food', status: 'open' });
    await expect(typed.complaints().where('uid', '==', uid).get()).resolves.toBeDefined();
    const all = await typed.complaints().where('uid', '==', uid).get();
    expect(() => all.docs.map((document) => document.data())).toThrow(/complaints\/.*text/);
    expect((await typed.complaints().doc(id()).get()).data()).toBeUndefined();
  });

  it('type subcollections under their parent', async () => {
    const meal = typed.meals().doc(id());
    await meal.set({ title: 'Soup', price: 4.5 });
    await typed.likes(meal).doc('u1').set({ uid: 'u1', createdAt: FieldValue.serverTimestamp() });
    const likes = await typed.likes(meal).get();
    expect(likes.docs.map((like) => like.data().uid)).toEqual(['u1']);
    await db.doc(`${meal.path}/likes/u2`).set({ createdAt: Timestamp.now() });
    await expect(
      typed
        .likes(meal)
        .doc('u2')
        .get()
        .then((like) => like.data()),
    ).rejects.toThrow(`likes/u2`);
  });

  it('check a snapshot read without a converter', async () => {
    const ref = db.collection(collections.holds).doc(id());
    expect(dataOf(converters.holds, await ref.get())).toBeUndefined();
    await ref.set({ requestId: 'r1', servingId: 's1', userUid: 'u1' });
    expect(dataOf(converters.holds, await ref.get())?.requestId).toBe('r1');
    await ref.set({ requestId: 'r1', servingId: 's1' });
    const snapshot = await ref.get();
    expect(() => dataOf(converters.holds, snapshot)).toThrow(`holds/${ref.id}`);
  });

  it('read a meal served before the stored word changed as served (ADR 71)', async () => {
    const ref = db.collection(collections.mealRequests).doc(id());
    onTestFinished(() => ref.delete().then(() => undefined));
    await ref.set({ mealId: 'soup', userUid: 'u1', status: 'delivered', servedAt: Timestamp.now() });
    expect((await typed.mealRequests().doc(ref.id).get()).data()?.status).toBe('served');
    await ref.update({ status: 'shipped' });
    await expect(
      typed
        .mealRequests()
        .doc(ref.id)
        .get()
        .then((request) => request.data()),
    ).rejects.toThrow(`mealRequests/${ref.id}`);
  });

  it('have one converter per collection', () => {
    expect(Object.keys(converters).sort()).toEqual(Object.keys(collections).sort());
  });
});
