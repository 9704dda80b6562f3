// Attempts to get past the API by writing to Firestore directly: each one must be denied,
// and next to each, the legitimate neighbour that must still be allowed.
import { assertFails } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import {
  increment,
  likeBy,
  mealRequestBy,
  newcomer,
  newMealBy,
  packageDocument,
  paymentBy,
  pendingSlotOf,
  profileOf,
  reviewBy,
  storedMeal,
} from './support/documents.js';
import {
  assertReadSucceeds,
  assertSucceeds,
  firestoreAs,
  seed,
  type Firestore,
  useRulesEnvironment,
} from './support/environment.js';
import { people } from './support/people.js';

const rules = useRulesEnvironment();

const as = (actor: Parameters<typeof firestoreAs>[1]): Firestore => firestoreAs(rules.env, actor);
const profile = (uid: string) => `users/${uid}`;

describe('a user and their own profile', () => {
  const own = profile(people.student.uid);

  it.each([
    ['role to admin', { role: 'admin' }],
    ['role to staff', { role: 'staff' }],
    ['badge to Platinum', { badge: 'Platinum' }],
    ['a membership', { membership: { packageId: 'platinum', packageName: 'Platinum', since: new Date() } }],
    ['email to another address', { email: 'boss@rules.test' }],
    ['createdAt', { createdAt: new Date(0) }],
    ['name together with role', { name: 'Sam', role: 'admin' }],
  ])('a student may not set their own %s', async (_what, change) => {
    await assertFails(as('student').doc(own).update(change));
  });

  it.each([
    ['name', { name: 'Samuel Bronze' }],
    ['photoURL', { photoURL: 'https://images.example.test/sam.png' }],
    ['photoURL back to none', { photoURL: null }],
    ['name and photoURL', { name: 'Sam B.', photoURL: 'https://images.example.test/sam.png' }],
  ])('a student may change their own %s', async (_what, change) => {
    await assertSucceeds(as('student').doc(own).update(change));
  });

  it.each([
    ['an empty name', { name: '' }],
    ['a name of 101 characters', { name: 'x'.repeat(101) }],
    ['a name that is not text', { name: ['Sam'] }],
    ['an empty photoURL', { photoURL: '' }],
    ['a photoURL of 2049 characters', { photoURL: `https://${'x'.repeat(2041)}` }],
    ['a photoURL that is not text', { photoURL: ['https://images.example.test/sam.png'] }],
    ['a plain-http photoURL', { photoURL: 'http://images.example.test/sam.png' }],
    ['a javascript: photoURL', { photoURL: 'javascript:alert(1)' }],
    ['a data: photoURL', { photoURL: 'data:image/svg+xml,<svg onload=alert(1)>' }],
    ['a photoURL with no host', { photoURL: 'https:///sam.png' }],
    ['a photoURL with spaces', { photoURL: 'https://images.example.test/a b.png' }],
  ])('a student may not save %s', async (_what, change) => {
    await assertFails(as('student').doc(own).update(change));
  });

  it('a new user may not create their own profile, even with exactly the defaults (POST /users does)', async () => {
    const db = rules.env
      .authenticatedContext(newcomer.uid, { email: newcomer.email, email_verified: true })
      .firestore();
    await assertFails(db.doc(profile(newcomer.uid)).set(profileOf(newcomer)));
  });

  it('a student may not create an admin profile for somebody else', async () => {
    await assertFails(
      as('student')
        .doc(profile('sock-puppet'))
        .set(profileOf({ ...people.admin, uid: 'sock-puppet' })),
    );
  });

  it('an admin may not promote a user by writing the role (PATCH /users/{uid}/role does)', async () => {
    await assertFails(as('admin').doc(profile(people.student.uid)).update({ role: 'admin' }));
  });

  it('an admin may not rename another user', async () => {
    await assertFails(as('admin').doc(profile(people.student.uid)).update({ name: 'Renamed by admin' }));
  });

  it('a resident may not move themselves to another hall (PUT /users/{uid}/home-hall does)', async () => {
    await assertFails(as('student').doc(profile(people.student.uid)).update({ homeHallId: 'full-hall' }));
  });

  it('a resident may not choose next month’s hall past its limit (PUT /user/next-hall does)', async () => {
    await assertFails(
      as('student')
        .doc(profile(people.student.uid))
        .update({ nextHall: { hallId: 'full-hall', month: '2031-02' } }),
    );
  });

  it('staff may not give themselves another hall (PUT /users/{uid}/halls does)', async () => {
    await assertFails(
      as('staff')
        .doc(profile(people.staff.uid))
        .update({ hallIds: ['other-hall'] }),
    );
  });
});

describe('listing users', () => {
  it('a student may not list all users', async () => {
    await assertFails(as('student').collection('users').get());
  });

  it('a student may not find themselves by a query either', async () => {
    await assertFails(as('student').collection('users').where('email', '==', people.student.email).get());
  });

  it('an admin may list all users and sees every profile', async () => {
    const snapshot = await assertReadSucceeds(as('admin').collection('users').get());
    if (snapshot.size !== Object.keys(people).length) throw new Error(`expected every profile, got ${snapshot.size}`);
  });
});

describe('payments and meal requests', () => {
  rules.seedGroup(async (db) => {
    await db.doc('payments/pi_member').set(paymentBy(people.member, 'pi_member'));
    await db.doc('payments/pi_other').set(paymentBy(people.otherStudent, 'pi_other'));
    await db.doc('mealRequests/request-member').set(mealRequestBy(people.member, 'meal-1'));
    await db.doc('mealRequests/request-other').set(mealRequestBy(people.otherStudent, 'meal-1'));
    await db
      .doc(`pendingMealRequests/meal-1_${people.member.uid}`)
      .set(pendingSlotOf(people.member, 'meal-1', 'request-member'));
  });

  it('a student may not create their own payment', async () => {
    await assertFails(as('student').doc('payments/pi_forged').set(paymentBy(people.student, 'pi_forged')));
  });

  it('a member may not change the amount of their own payment', async () => {
    await assertFails(as('member').doc('payments/pi_member').update({ amount: 0.01, amountInCents: 1 }));
  });

  it('a student may not list every payment', async () => {
    await assertFails(as('student').collection('payments').get());
  });

  it('a member may list their own payments and sees only theirs', async () => {
    const snapshot = await assertReadSucceeds(
      as('member').collection('payments').where('uid', '==', people.member.uid).get(),
    );
    if (snapshot.size !== 1 || snapshot.docs[0].id !== 'pi_member') throw new Error('expected exactly the own payment');
  });

  it('an admin may list every payment', async () => {
    const snapshot = await assertReadSucceeds(as('admin').collection('payments').get());
    if (snapshot.size !== 2) throw new Error(`expected 2 payments, got ${snapshot.size}`);
  });

  it('a member may not request a meal by writing the request', async () => {
    await assertFails(as('member').doc('mealRequests/request-forged').set(mealRequestBy(people.member, 'meal-2')));
  });

  it('a member may not free their pending slot to request the same meal twice', async () => {
    await assertFails(as('member').doc(`pendingMealRequests/meal-1_${people.member.uid}`).delete());
  });

  it('a member may not mark their own request served', async () => {
    await assertFails(as('member').doc('mealRequests/request-member').update({ status: 'served' }));
  });

  it('an admin may not serve a request by writing it (the API does)', async () => {
    await assertFails(as('admin').doc('mealRequests/request-member').update({ status: 'served' }));
  });

  it('a student may not list every meal request', async () => {
    await assertFails(as('student').collection('mealRequests').get());
  });

  it('another student may list their own meal requests', async () => {
    const snapshot = await assertReadSucceeds(
      as('otherStudent').collection('mealRequests').where('userUid', '==', people.otherStudent.uid).get(),
    );
    if (snapshot.size !== 1) throw new Error(`expected 1 request, got ${snapshot.size}`);
  });

  it('an admin may list every meal request', async () => {
    const snapshot = await assertReadSucceeds(as('admin').collection('mealRequests').get());
    if (snapshot.size !== 2) throw new Error(`expected 2 requests, got ${snapshot.size}`);
  });
});

describe('reviews, likes and the counters they keep', () => {
  rules.seedGroup(async (db) => {
    await db.doc('meals/meal-1').set(storedMeal({ likesCount: 1, reviewsCount: 1, ratingTotal: 4, rating: 4 }));
    await db.doc('meals/meal-2').set(storedMeal());
    await db.doc(`meals/meal-1/reviews/${people.member.uid}`).set(reviewBy(people.member, 'meal-1'));
    await db.doc(`meals/meal-1/likes/${people.member.uid}`).set(likeBy(people.member.uid));
    await db.doc('upcomingMeals/soon-1').set(storedMeal());
  });

  it("a student may not write a review in somebody else's name", async () => {
    await assertFails(
      as('student').doc(`meals/meal-2/reviews/${people.member.uid}`).set(reviewBy(people.member, 'meal-2')),
    );
  });

  it("a student may not edit somebody else's review", async () => {
    await assertFails(
      as('student').doc(`meals/meal-1/reviews/${people.member.uid}`).update({ comment: 'Awful.', rating: 1 }),
    );
  });

  it('a member may not edit their own review directly (the rating would drift)', async () => {
    await assertFails(as('member').doc(`meals/meal-1/reviews/${people.member.uid}`).update({ rating: 5 }));
  });

  it('a student may not like a meal by writing the like', async () => {
    await assertFails(as('student').doc(`meals/meal-2/likes/${people.student.uid}`).set(likeBy(people.student.uid)));
  });

  it('a Bronze student may not like an upcoming meal by writing the like', async () => {
    await assertFails(
      as('student').doc(`upcomingMeals/soon-1/likes/${people.student.uid}`).set(likeBy(people.student.uid)),
    );
  });

  it("a student may not read somebody else's like", async () => {
    await assertFails(as('student').doc(`meals/meal-1/likes/${people.member.uid}`).get());
  });

  it('a member may read their own like', async () => {
    const like = await assertReadSucceeds(as('member').doc(`meals/meal-1/likes/${people.member.uid}`).get());
    if (!like.exists) throw new Error('the like should be there');
  });

  it.each([
    ['student', 'likesCount', increment(1)],
    ['student', 'rating', 5],
    ['member', 'reviewsCount', increment(1)],
    ['admin', 'likesCount', increment(1)],
    ['admin', 'likesCount', 0],
    ['admin', 'reviewsCount', 7],
    ['admin', 'ratingTotal', 35],
    ['admin', 'rating', 5],
    ['admin', 'postTime', new Date()],
    ['admin', 'adminUid', people.admin.uid],
    ['admin', 'adminName', people.admin.name],
  ] as const)('%s may not set %s of a meal', async (actor, field, value) => {
    await assertFails(
      as(actor)
        .doc('meals/meal-1')
        .update({ [field]: value }),
    );
  });

  it('an admin may not bump the like counter of an upcoming meal', async () => {
    await assertFails(
      as('admin')
        .doc('upcomingMeals/soon-1')
        .update({ likesCount: increment(1) }),
    );
  });

  it('an admin may not delete a meal that has likes or reviews (their subcollections would be orphaned)', async () => {
    await seed(rules.env, async (db) => {
      await db.doc('meals/liked-only').set(storedMeal({ likesCount: 1, reviewsCount: 0, ratingTotal: 0, rating: 0 }));
      await db
        .doc('meals/reviewed-only')
        .set(storedMeal({ likesCount: 0, reviewsCount: 1, ratingTotal: 5, rating: 5 }));
    });
    await assertFails(as('admin').doc('meals/liked-only').delete());
    await assertFails(as('admin').doc('meals/reviewed-only').delete());
    await assertFails(as('admin').doc('meals/meal-1').delete());
  });

  it('an admin may not delete an upcoming meal that has likes', async () => {
    await seed(rules.env, (db) =>
      db.doc('upcomingMeals/liked').set(storedMeal({ likesCount: 2, reviewsCount: 0, ratingTotal: 0, rating: 0 })),
    );
    await assertFails(as('admin').doc('upcomingMeals/liked').delete());
  });

  it('an admin may delete a meal nobody has liked or reviewed', async () => {
    await assertSucceeds(as('admin').doc('meals/meal-2').delete());
  });
});

describe('writing meals', () => {
  it.each(['student', 'member', 'owner'] as const)('%s may not add a meal', async (actor) => {
    await assertFails(as(actor).doc('meals/by-student').set(newMealBy(people[actor])));
    await assertFails(as(actor).doc('upcomingMeals/by-student').set(newMealBy(people[actor])));
  });

  it('an admin may add a meal and an upcoming meal', async () => {
    await assertSucceeds(as('admin').doc('meals/new').set(newMealBy(people.admin)));
    await assertSucceeds(as('admin').doc('upcomingMeals/new').set(newMealBy(people.admin)));
  });
});

describe('paths no rule names', () => {
  it('an admin may neither read nor write a collection the app does not use', async () => {
    await seed(rules.env, (db) => db.doc('settings/app').set({ maintenance: false }));
    await assertFails(as('admin').doc('settings/app').get());
    await assertFails(as('admin').doc('settings/app').set({ maintenance: true }));
  });

  it('nobody may read reviews across all meals with a collection-group query (the API serves My Reviews)', async () => {
    await assertFails(as('member').collectionGroup('reviews').where('uid', '==', people.member.uid).get());
  });

  it('packages are public to read', async () => {
    await seed(rules.env, (db) => db.doc('packages/gold').set(packageDocument('Gold')));
    const gold = await assertReadSucceeds(as('anonymous').doc('packages/gold').get());
    if (gold.data()?.name !== 'Gold') throw new Error('expected the Gold package');
  });
});

describe('an admin whose role is taken away', () => {
  it('loses admin access at the next request, with the same sign-in', async () => {
    const stillSignedIn = as('admin');
    await assertReadSucceeds(stillSignedIn.doc(profile(people.student.uid)).get());
    // What PATCH /users/{uid}/role writes; the rules read the role on every request.
    await seed(rules.env, (db) => db.doc(profile(people.admin.uid)).update({ role: 'student' }));
    await assertFails(stillSignedIn.doc(profile(people.student.uid)).get());
    await assertFails(stillSignedIn.doc('mealPrivate/any-meal').get());
    await assertFails(stillSignedIn.doc('meals/by-former-admin').set(newMealBy(people.admin)));
  });
});
