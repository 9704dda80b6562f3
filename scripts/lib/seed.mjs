// Seeds the demo data into the emulators (FIRESTORE_EMULATOR_HOST and
// FIREBASE_AUTH_EMULATOR_HOST must be set). Documents follow docs/data-model.md.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, getFirestore } from 'firebase-admin/firestore';
import { loadContracts, loadReviewIds, loadRollupRebuild } from './contracts.mjs';
import {
  demoAccounts,
  demoLikes,
  demoMeals,
  demoPackages,
  demoPassword,
  demoRequests,
  demoReviews,
  demoUpcomingLikes,
  demoUpcomingMeals,
} from './demo-data.mjs';
import { seedDemoFeedback } from './demo-feedback.mjs';
import { seedDemoHistory } from './demo-history.mjs';
import { planDemoMenu, planDemoMenuIfEmpty, reserveTodayForDemoMember } from './demo-menu.mjs';
import { apiSecret, projectId } from './emulators.mjs';
import { movePrivateMealFields } from './private-meal-fields.mjs';
import { rebuildMealSearchTokens } from './search-tokens.mjs';
import { moveToStoredNames } from './stored-names.mjs';
import { moveToFirstHall } from './halls.mjs';
import { seedDemoHalls } from './demo-halls.mjs';
import { seedDemoLeave } from './demo-leave.mjs';

function services() {
  if (getApps().length === 0) initializeApp({ projectId });
  return { db: getFirestore(), auth: getAuth() };
}

/** The demo member's subscription id (as Stripe's `sub_...`; it exists only in the demo's Firestore). */
const demoSubscriptionId = (uid) => `sub_demo_${uid.replace(/-/g, '_')}`;

const hoursAgo = (hours) => Timestamp.fromMillis(Date.now() - hours * 3_600_000);

export async function seedIfEmpty() {
  const { db } = services();
  const existing = await db.collection('meals').limit(1).get();
  if (!existing.empty) {
    // Saved data from before ADR 0020 gets the current shape, and meals saved before ADR 0026
    // the current search tokens (docs/data-model.md).
    await movePrivateMealFields(db);
    await rebuildMealSearchTokens(db);
    // Saved data from before ADR 71 gets the glossary's stored names.
    await moveToStoredNames(db);
    // Saved data kept past its two weeks of menu gets the coming two weeks planned.
    await planDemoMenuIfEmpty(db);
    await addMissingDemoAccounts(db, services().auth);
    // The demo member can show a meal pass on any start (the counter, ADR 0034).
    await reserveTodayForDemoMember(db);
    // Saved data from before the demo had a past gets one, so Insights has six months to show.
    if (!(await db.doc('users/demo-history-1').get()).exists) await seedDemoHistory(db);
    // Saved data from before ratings and complaints gets the demo's feedback.
    if ((await db.collection('complaints').limit(1).get()).empty) await seedDemoFeedback(db);
    // Saved data from before halls, and servings planned on this start, are the first hall's (ADR 72).
    await moveToFirstHall(db);
    await seedDemoHalls(db);
    await seedDemoLeave(db);
    // What the seed wrote here, not through the API (the menu, reservations, a past just
    // added), is counted by recounting every rollup from the source documents (ADR 0036).
    await recountDemoRollups();
    return false;
  }
  await seedDemoData();
  return true;
}

export async function seedDemoData() {
  const { db, auth } = services();
  const {
    defaultHostelTimeZone,
    hostelDate,
    priceWithVatInCents,
    requesterSearchTokens,
    mealSearchTokens,
    storedLabelFields,
    weekStart,
  } = await loadContracts();
  const timeZone = process.env.HOSTEL_TIME_ZONE || defaultHostelTimeZone;
  const { reviewIdFor } = await loadReviewIds();
  // Review ids are keyed with the API's secret, as the API derives them.
  const secret = apiSecret();
  const accounts = new Map(demoAccounts.map((account) => [account.uid, account]));
  const admin = accounts.get('demo-admin');

  for (const account of demoAccounts) {
    const pack = await writeDemoAccount(db, auth, account);
    if (pack) {
      // One row per paid invoice, keyed by the invoice id (features/payments/payment-rows.ts).
      const subscriptionId = demoSubscriptionId(account.uid);
      const amountInCents = priceWithVatInCents(pack.price);
      for (const [index, daysAgo] of [40, 10].entries()) {
        const invoiceId = `in_demo_${account.uid.replace(/-/g, '_')}_${index + 1}`;
        await db.doc(`payments/${invoiceId}`).set({
          uid: account.uid,
          email: account.email,
          packageId: pack.id,
          packageName: pack.name,
          amount: amountInCents / 100,
          amountInCents,
          currency: 'usd',
          transactionId: invoiceId,
          invoiceId,
          subscriptionId,
          paymentMethod: ['card'],
          status: 'succeeded',
          paidAt: hoursAgo(24 * daysAgo),
        });
      }
    }
  }

  for (const pack of demoPackages) {
    const { id, ...data } = pack;
    await db.doc(`packages/${id}`).set(data);
  }

  const mealDocument = (meal, index) => {
    const { id: _id, distributorEmail: _private, ...fields } = meal;
    return {
      ...fields,
      ...storedLabelFields(meal),
      searchTokens: mealSearchTokens(meal),
      rating: 0,
      ratingTotal: 0,
      likesCount: 0,
      reviewsCount: 0,
      adminName: admin.name,
      postTime: hoursAgo(index * 7 + 1),
    };
  };
  // The private half of each meal, beside it (ADR 0020).
  const privateDocument = (meal) => ({ distributorEmail: meal.distributorEmail, adminUid: admin.uid });
  const batch = db.batch();
  demoMeals.forEach((meal, index) => {
    batch.set(db.doc(`meals/${meal.id}`), mealDocument(meal, index));
    batch.set(db.doc(`mealPrivate/${meal.id}`), privateDocument(meal));
  });
  demoUpcomingMeals.forEach((meal, index) => {
    batch.set(db.doc(`upcomingMeals/${meal.id}`), mealDocument(meal, index));
    batch.set(db.doc(`upcomingMealPrivate/${meal.id}`), privateDocument(meal));
  });
  await batch.commit();

  const likes = [
    ...demoLikes.map(([mealIndex, uid]) => [`meals/${demoMeals[mealIndex].id}`, uid]),
    ...demoUpcomingLikes.map(([mealIndex, uid]) => [`upcomingMeals/${demoUpcomingMeals[mealIndex].id}`, uid]),
  ];
  for (const [path, uid] of likes) {
    const meal = db.doc(path);
    await meal
      .collection('likes')
      .doc(uid)
      .set({ uid, createdAt: hoursAgo(3) });
    await meal.update({ likesCount: FieldValue.increment(1) });
  }
  for (const [mealIndex, uid, rating, comment] of demoReviews) {
    const meal = demoMeals[mealIndex];
    const author = accounts.get(uid);
    const ref = db.doc(`meals/${meal.id}`);
    await ref
      .collection('reviews')
      .doc(reviewIdFor(meal.id, uid, secret))
      .set({
        uid,
        mealId: meal.id,
        mealTitle: meal.title,
        userName: author.name,
        img: null,
        comment,
        rating,
        timeStamp: hoursAgo(mealIndex + 2),
      });
    await db.runTransaction(async (transaction) => {
      const current = (await transaction.get(ref)).data();
      const reviewsCount = current.reviewsCount + 1;
      const ratingTotal = current.ratingTotal + rating;
      transaction.update(ref, {
        reviewsCount,
        ratingTotal,
        rating: Math.round((ratingTotal / reviewsCount) * 10) / 10,
      });
    });
  }
  for (const [index, [mealIndex, uid, status, hours]] of demoRequests.entries()) {
    const meal = demoMeals[mealIndex];
    const user = accounts.get(uid);
    const id = `demo-request-${index + 1}`;
    await db.doc(`mealRequests/${id}`).set({
      mealId: meal.id,
      mealTitle: meal.title,
      userUid: uid,
      userEmail: user.email,
      userName: user.name,
      status,
      // As POST /meal-request stores it: from the package of the requester's membership.
      priority: demoPackages.find((entry) => entry.id === user.membership)?.priorityServing === true,
      requestedAt: hoursAgo(hours),
      // The week the quota counts it in (ADR 29).
      quotaWeek: hostelDate(weekStart(hoursAgo(hours).toDate(), timeZone), timeZone),
      servedAt: status === 'served' ? hoursAgo(hours - 1) : null,
      cancelledAt: status === 'cancelled' ? hoursAgo(hours - 1) : null,
      searchTokens: requesterSearchTokens(user.name, user.email),
    });
    // The pending lock that keeps one pending request per user and meal.
    if (status === 'pending') {
      await db.doc(`pendingMealRequests/${meal.id}_${uid}`).set({ requestId: id, mealId: meal.id, userUid: uid });
    }
  }
  // Today and the next 13 days on the menu, and the demo member's reservations: one ahead,
  // and one today whose meal pass can be shown at the counter.
  await planDemoMenu(db);
  await reserveTodayForDemoMember(db);
  // Six months of past payments, members and requests, then every rollup counted from the
  // documents by the API's own rebuild (ADR 0036).
  await seedDemoHistory(db);
  // Ratings of that past and a few complaints in each state (Insights' satisfaction, the planner).
  await seedDemoFeedback(db);
  // Every serving seeded so far is the first hall's (ADR 72); the North hall comes after it.
  await moveToFirstHall(db);
  await seedDemoHalls(db);
  // The leave rules, one approved leave with its credit and one waiting (ADR 74).
  await seedDemoLeave(db);
  await recountDemoRollups();
}

/**
 * A demo account: its Auth user (kept if it exists) and its profile as POST /users and the
 * webhook store one. Returns the account's package, if it has a membership.
 */
async function writeDemoAccount(db, auth, account) {
  const { userSearchTokens } = await loadContracts();
  await auth
    .createUser({
      uid: account.uid,
      email: account.email,
      password: demoPassword,
      displayName: account.name,
      emailVerified: true,
    })
    .catch((error) => {
      if (error.code !== 'auth/uid-already-exists' && error.code !== 'auth/email-already-exists') throw error;
    });
  const pack = demoPackages.find((entry) => entry.id === account.membership);
  await db.doc(`users/${account.uid}`).set({
    name: account.name,
    email: account.email,
    photoURL: null,
    role: account.role,
    badge: account.badge,
    // A monthly subscription, stored as the webhook mirrors one (features/payments/mirror.ts):
    // paid 40 and 10 days ago, renewing in 20 days. It exists only here: without Stripe keys
    // (the demo's default) Cancel and Change plan answer "Payments are not configured".
    membership: pack
      ? {
          packageId: pack.id,
          packageName: pack.name,
          status: 'active',
          currentPeriodEnd: hoursAgo(-24 * 20),
          cancelAtPeriodEnd: false,
          subscriptionId: demoSubscriptionId(account.uid),
        }
      : null,
    createdAt: hoursAgo(24 * 30),
    // As POST /users stores them (userSearchTokens in packages/contracts/src/search.ts): Manage Users searches these.
    searchTokens: userSearchTokens(account.name, account.email),
    // The demo member avoids peanuts (My Profile's diet), so the meal pages warn them.
    diet: account.diet ?? { avoid: [], diets: [] },
    // A resident's home hall, a member of staff's halls (ADR 72; scripts/lib/demo-halls.mjs).
    ...account.halls,
  });
  return pack;
}

/**
 * Demo accounts added since a saved database was seeded (the kitchen staff account) are
 * added on start, so every demo account in the README signs in.
 */
async function addMissingDemoAccounts(db, auth) {
  for (const account of demoAccounts) {
    if (!(await db.doc(`users/${account.uid}`).get()).exists) await writeDemoAccount(db, auth, account);
  }
}

/** Recounts every rollup from the source documents with the API's own rebuild (ADR 0036). */
async function recountDemoRollups() {
  const { rebuildRollups } = await loadRollupRebuild();
  await rebuildRollups({ fix: true });
}
