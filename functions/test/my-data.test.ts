// A resident's rights (ADR 75): GET /user/export gives a member every document about them and
// nothing of anyone else's; DELETE /user closes the account after a recent sign-in, leaving
// the books (payments, counts) under an anonymous id and the member's name and email nowhere,
// and a repeat after a failure half-way finishes the job.
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, hostelDate, myDataSections, recentSignInSeconds, removedText } from '@hostelhub/contracts';
import { rateLimitSettings } from '../src/config.js';
import { collections } from '../src/lib/firestore.js';
import { rebuildRollups } from '../src/lib/rollup-rebuild.js';
import {
  anonymousIdOf,
  lastAdminCannotCloseMessage,
  staffCannotCloseMessage,
} from '../src/features/users/close-account.js';
import { auth, call, db, signIn, urlOf, type TestUser } from './support/emulators.js';
import { reserve, storedReservation, storedServing } from './support/feedback.js';
import { isolatedWeek, newAdmin } from './support/menu.js';
import { createStudent } from './support/payments.js';
import { billingAtThePresent } from './support/subscriptions.js';
import { changeRoleAs, createUserDirect } from './support/users.js';

const billing = billingAtThePresent({ Gold: 29.99 });

afterEach(() => {
  vi.useRealTimers();
  billing.stripe.setOutage(false);
});

const zone = process.env.HOSTEL_TIME_ZONE || 'Europe/London';
const thisMonth = () => hostelDate(Date.now(), zone).slice(0, 7);
const runId = Math.random().toString(36).slice(2, 8);

/** A name nothing else in the database holds, so a scan for it finds only this member. */
const uniqueName = (label: string) => `${label} Vantablack-${runId}-${Math.random().toString(36).slice(2, 7)}`;

type Member = TestUser & { name: string; customer: string; subscriptionId: string; requestIds: string[] };

/**
 * A paying member (a real fake-Stripe customer, subscription and payment) with a document of
 * every kind the export has: made through the API where a route makes it, stored as the API
 * stores it where the route needs days to pass (a rating, a skip, a run of the standing job).
 */
async function memberWithEverything(admin: TestUser): Promise<Member> {
  const name = uniqueName('Quintessa');
  const student = await createStudent(name);
  const { created, customer } = await billing.memberThroughWebhook(student, billing.Gold);
  const uid = student.uid;

  const { meal, servingId, date } = await storedServing();
  const pending = await reserve(student.token, meal.id, servingId);
  const ended = await storedServing({ startedMsAgo: 3 * 3600_000, lastsMs: 3600_000, cutoffInMs: -3 * 3600_000 });
  const served = await storedReservation(ended.servingId, uid, 'served');
  expect((await call('like', { token: student.token, body: { mealId: meal.id } })).status).toBe(200);
  const review = await call('addReview', {
    query: { mealId: meal.id },
    token: student.token,
    body: { comment: `Lovely, says ${name}`, rating: 5 },
  });
  expect(review.status, JSON.stringify(review.body)).toBe(201);
  const complaint = await call('raiseComplaint', {
    token: student.token,
    body: { category: 'food', text: `${name} here: the soup was cold`, urgent: true },
  });
  expect(complaint.status, JSON.stringify(complaint.body)).toBe(201);
  const reply = await call('replyToComplaint', {
    params: { id: complaint.body.insertedId },
    token: admin.token,
    body: { text: `Sorry ${name}, we will look into it` },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const status = await call('updateComplaint', {
    params: { id: complaint.body.insertedId },
    token: admin.token,
    body: { status: 'acknowledged' },
  });
  expect(status.status, JSON.stringify(status.body)).toBe(200);
  // Made staff and a student again by an admin: two entries of the audit log name them.
  expect((await changeRoleAs(admin, uid, 'staff')).status).toBe(200);
  expect((await changeRoleAs(admin, uid, 'student')).status).toBe(200);

  const week = isolatedWeek();
  const month = week.slice(0, 7);
  const stored = {
    servingRatings: [
      `${ended.servingId}_${uid}`,
      {
        servingId: ended.servingId,
        uid,
        mealId: ended.meal.id,
        date: ended.date,
        slot: 'lunch',
        stars: 2,
        comment: `Cold, ${name}`,
        contactMe: true,
        createdAt: Timestamp.now(),
      },
    ],
    skips: [
      `${servingId}-past_${uid}`,
      { servingId: `${servingId}-past`, uid, date: '2020-01-01', createdAt: Timestamp.now() },
    ],
    standingRuns: [
      `${uid}_${servingId}`,
      { uid, servingId, week: date, outcome: 'reserved', message: null, createdAt: Timestamp.now() },
    ],
    standingReservations: [uid, { uid, pattern: [{ weekday: 1, slot: 'lunch' }], updatedAt: Timestamp.now() }],
    hallSwitches: [`${uid}_${month}`, { uid, month, count: 1 }],
    requestQuotas: [uid, { lastRequestId: pending, cancels: 0, cancelsOn: date }],
    leaves: [
      `leave-${runId}-${uid}`,
      {
        uid,
        name,
        email: student.email,
        from: week,
        to: addDays(week, 2),
        days: 3,
        months: [month],
        status: 'declined',
        reason: `${name} visits home`,
        decisionReason: `Not this week, ${name}`,
        creditCents: 0,
        appliedAt: Timestamp.now(),
      },
    ],
  } as const;
  for (const [collection, [id, data]] of Object.entries(stored)) await db.collection(collection).doc(id).set(data);
  await db.doc(`users/${uid}/notifications/welcome-${runId}`).set({
    kind: 'membership',
    title: 'Welcome',
    body: `Hello ${name}`,
    link: null,
    createdAt: Timestamp.now(),
    readAt: null,
  });
  // A browser the member gets push on (ADR 81): listed without its token, deleted on closing.
  await db.doc(`users/${uid}/pushDevices/device-${runId}`).set({
    token: `fcm-token-${runId}:APA91b`,
    label: 'Chrome on Android',
    createdAt: Timestamp.now(),
    lastSeenAt: Timestamp.now(),
  });
  await db.doc(`mail/welcome-${runId}_${uid}`).set({
    to: student.email,
    uid,
    kind: 'membership',
    key: `welcome-${runId}`,
    message: { subject: 'Welcome', text: `Hello ${name}`, html: `<p>Hello ${name}</p>` },
    createdAt: Timestamp.now(),
  });
  return { ...student, name, customer, subscriptionId: created.subscriptionId, requestIds: [pending, served] };
}

/** Another member with documents beside the first one's: none of them may reach the first one's file. */
async function anotherMember() {
  const other = await createUserDirect({ membership: 'Gold', name: uniqueName('Otto') });
  const { meal, servingId } = await storedServing();
  await reserve(other.token, meal.id, servingId);
  expect((await call('like', { token: other.token, body: { mealId: meal.id } })).status).toBe(200);
  await db
    .collection('payments')
    .doc(`other-${runId}-${other.uid}`)
    .set({ uid: other.uid, email: other.email, status: 'succeeded', amountInCents: 100, paidAt: Timestamp.now() });
  return other;
}

/** GET /user/export as the raw answer: its headers and the file. */
async function exportOf(user: TestUser) {
  const response = await fetch(urlOf('myData'), { headers: { authorization: `Bearer ${user.token}` } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** DELETE /user with a Firebase ID token from a sign-in just now (or the one given). */
async function close(user: TestUser, idToken?: string) {
  return call('closeAccount', { token: user.token, body: { idToken: idToken ?? (await signIn(user.email)) } });
}

/** Every document of every collection (subcollections too) whose data holds `text`, as paths. */
async function documentsHolding(...texts: string[]): Promise<string[]> {
  const wanted = texts.map((text) => text.toLowerCase());
  const found: string[] = [];
  for (const name of new Set(Object.values(collections))) {
    const docs = await db.collectionGroup(name).get();
    for (const doc of docs.docs) {
      const data = JSON.stringify(doc.data()).toLowerCase();
      if (wanted.some((text) => data.includes(text))) found.push(doc.ref.path);
    }
  }
  return found;
}

async function insightsOf(admin: TestUser, month: string) {
  const answer = await call('insights', { token: admin.token, query: { from: month, to: month } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { revenue: { netCents: number; payments: number }[]; members: { lost: number }[] };
}

/** The rebuild's differences in the money and members of a month (other tests' fixtures may differ already). */
const moneyDifferences = async (month: string) =>
  (await rebuildRollups({ from: month, to: month })).differences.filter((difference) =>
    /revenue|members/.test(difference.field),
  );

describe('GET /user/export', () => {
  it("holds every kind of document about the member, and nothing of another member's", async () => {
    const admin = await newAdmin();
    const member = await memberWithEverything(admin);
    const other = await anotherMember();
    const answer = await exportOf(member);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="hostelhub-my-data-${hostelDate(Date.now(), zone)}.json"`,
    );
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const file = JSON.parse(answer.text);
    expect(file).toMatchObject({ format: 'hostelhub-my-data/1', account: { uid: member.uid, email: member.email } });
    expect(file.profile).toMatchObject({ _id: member.uid, name: member.name, email: member.email, badge: 'Gold' });
    // The server's own keys stay out: the Stripe customer, the search index.
    expect(file.profile).not.toHaveProperty('stripeCustomerId');
    expect(file.profile).not.toHaveProperty('searchTokens');
    for (const section of myDataSections) expect(file[section], section).not.toHaveLength(0);
    expect(file.pushDevices[0]).toMatchObject({ label: 'Chrome on Android' });
    expect(JSON.stringify(file)).not.toContain('fcm-token-');
    expect(file.mealRequests.map((request: { _id: string }) => request._id).sort()).toEqual(
      [...member.requestIds].sort(),
    );
    expect(file.payments[0]).toMatchObject({
      uid: member.uid,
      status: 'succeeded',
      subscriptionId: member.subscriptionId,
    });
    expect(file.complaints[0]).toMatchObject({
      text: `${member.name} here: the soup was cold`,
      status: 'acknowledged',
    });
    // The thread as its author reads it: who answered by name and role, no staff uid or flag.
    expect(file.complaints[0].replies[0]).toMatchObject({ kind: 'reply', author: { role: 'admin' } });
    expect(JSON.stringify(file.complaints)).not.toContain(admin.uid);
    expect(file.complaints[0]).not.toHaveProperty('digestWindow');
    expect(file.likes[0]).toMatchObject({ meal: 'meals' });
    expect(file.mail[0]).not.toHaveProperty('html');
    expect(answer.text).not.toContain(other.uid);
    expect(answer.text.toLowerCase()).not.toContain(other.email.toLowerCase());
    expect(answer.text).not.toContain(other.name);
  });

  it('is refused without a token, and for an account with no profile answers its sections empty', async () => {
    expect((await call('myData')).status).toBe(401);
    const account = await createUserDirect();
    await db.doc(`users/${account.uid}`).delete();
    const answer = await exportOf(account);
    expect(answer.status).toBe(200);
    const file = JSON.parse(answer.text);
    expect(file.profile).toBeNull();
    for (const section of myDataSections) expect(file[section]).toEqual([]);
  });
});

describe('the limit on the export', () => {
  it('counts it with the Stripe calls: past their limit a minute, 429 with Retry-After', async () => {
    const { stripeCallsPerMinute } = rateLimitSettings();
    const eager = await createUserDirect();
    const statuses: number[] = [];
    for (let index = 0; index < stripeCallsPerMinute; index++) statuses.push((await exportOf(eager)).status);
    expect(statuses).toEqual(Array(stripeCallsPerMinute).fill(200));
    const refused = await exportOf(eager);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member's export is theirs to count.
    expect((await exportOf(await createUserDirect())).status).toBe(200);
  });
});

describe('DELETE /user', () => {
  it('closes the account: Auth and tokens gone, the books still adding up, the name and email nowhere, Stripe told', async () => {
    const admin = await newAdmin();
    const member = await memberWithEverything(admin);
    const other = await anotherMember();
    const month = thisMonth();
    const insightsBefore = await insightsOf(admin, month);
    const differencesBefore = await moneyDifferences(month);
    expect(await documentsHolding(member.name, member.email)).not.toEqual([]);

    const closed = await close(member);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toEqual({ deletedCount: 1 });

    // The account: no Firebase user (no sign-in), no profile, and its API token refused at once.
    await expect(auth.getUser(member.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    await expect(signIn(member.email)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
    expect((await db.doc(`users/${member.uid}`).get()).exists).toBe(false);
    expect(await call('user', { token: member.token })).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/session has ended/i) },
    });
    expect((await call('myData', { token: member.token })).status).toBe(401);

    // Stripe: the customer deleted through the API, its subscription ended with it.
    expect(billing.stripe.requests).toContain(`DELETE /v1/customers/${member.customer}`);
    expect(billing.stripe.customers.get(member.customer)).toEqual({
      id: member.customer,
      object: 'customer',
      deleted: true,
    });
    expect(billing.stripe.subscriptions.get(member.subscriptionId)?.status).toBe('canceled');
    // Stripe's events about it change nothing more: no profile comes back, no member is lost twice.
    const events = billing.eventsOf(member.customer);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    expect(await billing.deliverInOrder(events)).toEqual([200]);
    expect((await db.doc(`users/${member.uid}`).get()).exists).toBe(false);

    // The books: the payment kept under the anonymous id, Insights and the rebuild as before.
    const anonymousId = anonymousIdOf(member.uid);
    const payments = await db.collection('payments').where('uid', '==', anonymousId).get();
    expect(payments.size).toBe(1);
    expect(payments.docs[0]!.get('email')).toBeUndefined();
    const insightsAfter = await insightsOf(admin, month);
    expect(insightsAfter.revenue).toEqual(insightsBefore.revenue);
    expect(insightsAfter.members[0]!.lost).toBe(insightsBefore.members[0]!.lost + 1);
    expect(await moneyDifferences(month)).toEqual(differencesBefore);

    // Counts kept: the served reservation, the like and the review stay, by the anonymous id.
    const served = (await db.doc(`mealRequests/${member.requestIds[1]}`).get()).data()!;
    expect(served).toMatchObject({ status: 'served', userUid: anonymousId, userName: 'Former member' });
    const pending = (await db.doc(`mealRequests/${member.requestIds[0]}`).get()).data()!;
    expect(pending.status).toBe('cancelled');
    const likes = await db.collectionGroup('likes').where('uid', '==', anonymousId).get();
    expect(likes.docs.map((like) => like.id)).toEqual([anonymousId]);
    const complaint = (await db.collection('complaints').where('uid', '==', anonymousId).get()).docs[0]!.data();
    expect(complaint).toMatchObject({ text: removedText, authorName: 'Former member' });
    expect(complaint.replies.map((entry: { text: string }) => entry.text)).toContain(
      'Sorry Former member, we will look into it',
    );
    expect((await db.doc(`standingReservations/${member.uid}`).get()).exists).toBe(false);
    // No browser gets their pushes any more.
    expect((await db.collection(`users/${member.uid}/pushDevices`).get()).size).toBe(0);

    // Nothing anywhere holds their name or email; the other member's documents are untouched.
    expect(await documentsHolding(member.name, member.email)).toEqual([]);
    expect(await documentsHolding(other.name)).not.toEqual([]);
    expect((await call('user', { token: other.token })).status).toBe(200);
  });

  it('asks for a sign-in of the last few minutes, of the same account', async () => {
    const member = await createUserDirect({ name: uniqueName('Recent') });
    const someoneElse = await createUserDirect();
    const fresh = await signIn(member.email);
    // The app's clock past the window: the same ID token now proves an old sign-in.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (recentSignInSeconds + 60) * 1000 });
    const stale = await close(member, fresh);
    expect(stale.status).toBe(403);
    expect(stale.body.message).toMatch(/^idToken: your last sign-in was more than 5 minutes ago/);
    vi.useRealTimers();
    const another = await close(member, await signIn(someoneElse.email));
    expect(another).toMatchObject({ status: 403, body: { message: 'idToken: the ID token is of another account' } });
    const forged = await close(member, 'not-a-token');
    expect(forged.status).toBe(403);
    expect(forged.body.message).toMatch(/^idToken: not a valid/);
    const missing = await call('closeAccount', { token: member.token, untypedBody: {} });
    expect(missing).toMatchObject({ status: 400, body: { message: 'idToken: sign in again to get a fresh ID token' } });
    const extra = await call('closeAccount', { token: member.token, untypedBody: { idToken: fresh, uid: 'x' } });
    expect(extra.status).toBe(400);
    expect((await call('closeAccount', { body: { idToken: fresh } })).status).toBe(401);
    // Nothing was closed.
    expect((await auth.getUser(member.uid)).uid).toBe(member.uid);
    expect((await db.doc(`users/${member.uid}`).get()).get('closing')).toBeUndefined();
  });

  it("ends the token on an instance that did not close the account, at the site's next profile read", async () => {
    const member = await createUserDirect({ name: uniqueName('Elsewhere') });
    // This instance has seen the account active: its cached state would let the token through.
    expect((await call('user', { token: member.token })).status).toBe(200);
    // Another instance closed it: the profile and the Auth account are gone.
    await db.doc(`users/${member.uid}`).delete();
    await auth.deleteUser(member.uid);
    expect(await call('user', { token: member.token })).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/session has ended/i) },
    });
    // A live account without a profile yet (a sign-up's first call) is still told there is none.
    const newcomer = await createUserDirect();
    await db.doc(`users/${newcomer.uid}`).delete();
    expect((await call('user', { token: newcomer.token })).status).toBe(404);
  });

  it('refuses kitchen staff and admins, naming the last admin (409)', async () => {
    const staff = await createUserDirect({ role: 'staff' });
    expect(await close(staff)).toMatchObject({ status: 409, body: { message: staffCannotCloseMessage } });
    const admin = await createUserDirect({ role: 'admin' });
    expect(await close(admin)).toMatchObject({ status: 409, body: { message: staffCannotCloseMessage } });
    const admins = await db.collection('users').where('role', '==', 'admin').get();
    const others = admins.docs.filter((doc) => doc.id !== admin.uid);
    await Promise.all(others.map((doc) => doc.ref.update({ role: 'student' })));
    try {
      expect(await close(admin)).toMatchObject({ status: 409, body: { message: lastAdminCannotCloseMessage } });
    } finally {
      await Promise.all(others.map((doc) => doc.ref.update({ role: 'admin' })));
    }
    expect((await auth.getUser(admin.uid)).uid).toBe(admin.uid);
    expect((await db.doc(`users/${admin.uid}`).get()).get('role')).toBe('admin');
  });

  it('is finished by a repeat after a failure half-way', async () => {
    const admin = await newAdmin();
    const member = await memberWithEverything(admin);
    billing.stripe.setOutage(true);
    const failed = await close(member);
    expect(failed.status, JSON.stringify(failed.body)).toBe(502);
    billing.stripe.setOutage(false);
    // Half-way: the records anonymised and the profile marked, but the account and customer still there.
    const anonymousId = anonymousIdOf(member.uid);
    const profile = (await db.doc(`users/${member.uid}`).get()).data()!;
    expect(profile.closing).toMatchObject({ anonymousId });
    expect(profile.membership).toBeNull();
    expect((await db.collection('payments').where('uid', '==', member.uid).get()).size).toBe(0);
    expect((await auth.getUser(member.uid)).uid).toBe(member.uid);
    expect(billing.stripe.customers.get(member.customer)?.deleted).toBeUndefined();

    const repeated = await close(member);
    expect(repeated.status, JSON.stringify(repeated.body)).toBe(200);
    await expect(auth.getUser(member.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(billing.stripe.customers.get(member.customer)?.deleted).toBe(true);
    expect((await db.collection('payments').where('uid', '==', anonymousId).get()).size).toBe(1);
    // The membership ended once in the books, however many attempts it took.
    expect(
      (await db.collection('membershipChanges').where('uid', '==', anonymousId).where('to', '==', null).get()).size,
    ).toBe(1);
    expect(await documentsHolding(member.name, member.email)).toEqual([]);
  });
});
