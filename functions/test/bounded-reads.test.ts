// Reads whose size a caller could grow: the weekly quota after a request/cancel loop, the
// daily tidy of memberships, and the public lists a visitor pages through.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  cancelCapMessage,
  defaultCancelsPerDay,
  hostelDate,
  mealReviewsPageSize,
  membershipGraceDays,
  weekStart,
} from '@hostelhub/contracts';
import { endedMembershipsQuery } from '../src/features/payments/queries.js';
import { tidyEndedMemberships } from '../src/features/payments/tidy-memberships.js';
import { countedRequestsOfUserInWeek, requestsOfUser } from '../src/lib/requests/queries.js';
import { call, db, type Answered } from './support/emulators.js';
import { seedMeal, seedTitledMeal, uniqueWord } from './support/meals.js';
import { createTierMember } from './support/tiers.js';
import { createUserDirect, dayMs } from './support/users.js';

const requestMeal = async (token: string) => {
  const meal = await seedTitledMeal();
  return call('requestMeal', { token, body: { mealId: meal.id } });
};

/** `count` cancelled requests of `member` this week, stored as the API leaves a request/cancel cycle. */
async function storeCancelledCycles(member: { uid: string; email: string; name: string }, count: number) {
  const meal = await seedTitledMeal();
  const since = weekStart(new Date()).getTime();
  for (let start = 0; start < count; start += 250) {
    const batch = db.batch();
    for (let index = start; index < Math.min(count, start + 250); index++) {
      const at = Timestamp.fromMillis(Math.max(since, Date.now() - index * 1000));
      batch.set(db.collection('mealRequests').doc(), {
        mealId: meal.id,
        mealTitle: meal.title,
        userUid: member.uid,
        userEmail: member.email,
        userName: member.name,
        status: 'cancelled',
        priority: false,
        requestedAt: at,
        servedAt: null,
        cancelledAt: at,
        searchTokens: [],
      });
    }
    await batch.commit();
  }
}

describe('the weekly quota after a request/cancel loop', () => {
  it("reads only the week's counted requests, however many were cancelled", async () => {
    const member = await createTierMember('Silver');
    await storeCancelledCycles(member, 500);
    for (let index = 0; index < 2; index++) expect((await requestMeal(member.token)).status).toBe(201);

    const since = weekStart(new Date());
    const thisWeek = await requestsOfUser(member.uid).where('requestedAt', '>=', since).get();
    expect(thisWeek.size).toBe(502);
    // What the quota check and the request's transaction read: the two counted requests only.
    const read = await countedRequestsOfUserInWeek(member.uid, hostelDate(since)).get();
    expect(read.size).toBe(2);
    expect(read.docs.every((doc) => doc.get('status') === 'pending')).toBe(true);

    const quota = await call('requestQuota', { token: member.token });
    expect(quota.status).toBe(200);
    expect(quota.body).toMatchObject({ used: 2, limit: 3 });
    expect((await requestMeal(member.token)).status).toBe(201);
    const fourth = await requestMeal(member.token);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/3 meal requests this week/);
  });
});

describe('request/cancel cycles per day', () => {
  it("refuses a request with 429 once the day's cancellations reach the cap; others and tomorrow are unaffected", async () => {
    const member = await createTierMember('Platinum');
    const lock = db.doc(`requestQuotas/${member.uid}`);
    // The cycles before these were made the same way; the last one goes through the API.
    await lock.set({ cancelsOn: hostelDate(new Date()), cancels: defaultCancelsPerDay - 1 });
    const last = await requestMeal(member.token);
    expect(last.status).toBe(201);
    const cancelled = await call('cancelRequest', { params: { id: last.body.insertedId }, token: member.token });
    expect(cancelled.status).toBe(200);
    expect((await lock.get()).get('cancels')).toBe(defaultCancelsPerDay);

    const refused = await requestMeal(member.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: cancelCapMessage(defaultCancelsPerDay) });
    // Withdrawing stays possible: only new requests wait for tomorrow.
    const other = await createTierMember('Platinum');
    expect((await requestMeal(other.token)).status).toBe(201);

    await lock.update({ cancelsOn: hostelDate(Date.now() - dayMs) });
    expect((await requestMeal(member.token)).status).toBe(201);
  });

  it('counts each cancellation of the day on the lock', async () => {
    const member = await createTierMember('Gold');
    for (let cycle = 0; cycle < 3; cycle++) {
      const made = await requestMeal(member.token);
      expect(made.status).toBe(201);
      expect((await call('cancelRequest', { params: { id: made.body.insertedId }, token: member.token })).status).toBe(
        200,
      );
    }
    expect((await db.doc(`requestQuotas/${member.uid}`).get()).data()).toMatchObject({
      cancelsOn: hostelDate(new Date()),
      cancels: 3,
    });
  });
});

describe('the daily tidy', () => {
  it('reads the memberships that ended and are not tidied yet, never those tidied before', async () => {
    const endedLongAgo = Timestamp.fromMillis(Date.now() - 400 * dayMs);
    const tidiedBefore = await createUserDirect({
      membership: 'Gold',
      membershipFields: { status: 'expired', currentPeriodEnd: endedLongAgo },
      badge: 'Bronze',
    });
    const justEnded = await createUserDirect({
      membership: 'Silver',
      membershipFields: {
        status: 'active',
        currentPeriodEnd: Timestamp.fromMillis(Date.now() - (membershipGraceDays + 1) * dayMs),
      },
    });
    const live = await createUserDirect({ membership: 'Gold' });

    const candidates = async () => (await endedMembershipsQuery(new Date()).get()).docs.map((doc) => doc.id);
    const before = await candidates();
    expect(before).toContain(justEnded.uid);
    expect(before).not.toContain(tidiedBefore.uid);
    expect(before).not.toContain(live.uid);

    await tidyEndedMemberships();
    expect((await db.doc(`users/${justEnded.uid}`).get()).get('membership.status')).toBe('expired');
    // Once tidied, it leaves the next run's reads.
    expect(await candidates()).not.toContain(justEnded.uid);
  });
});

describe('public lists', () => {
  it('page upcoming meals with a cursor, a screen at a time', async () => {
    const word = uniqueWord();
    const ids: string[] = [];
    // Older than other tests' upcoming meals, so their newest-first lists are not disturbed.
    for (let index = 0; index < 3; index++) {
      ids.push(await seedMeal({ title: `${word} Soon ${index}`, minutesAgo: 50_000 + index }, 'upcomingMeals'));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Answered = await call('upcomingMeals', { query: { limit: 2, cursor: cursor ?? undefined } });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      expect(JSON.stringify(page.body)).not.toContain('distributorEmail');
      seen.push(...page.body.items.map((meal: { _id: string }) => meal._id));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 200);
    expect(cursor).toBeNull();
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await call('upcomingMeals')).body.items.length).toBeLessThanOrEqual(12);
    for (const limit of [25, 100, 0]) expect((await call('upcomingMeals', { query: { limit } })).status).toBe(400);
  });

  it("give a meal's first reviews with the meal and the rest page by page", async () => {
    const mealId = await seedMeal({ title: `${uniqueWord()} Reviewed` });
    const total = mealReviewsPageSize + 3;
    const batch = db.batch();
    for (let index = 0; index < total; index++) {
      batch.set(db.collection(`meals/${mealId}/reviews`).doc(), {
        uid: `reviewer-${index}`,
        mealId,
        mealTitle: 'Reviewed',
        userName: `Reviewer ${index}`,
        img: null,
        comment: `review ${index}`,
        rating: 4,
        timeStamp: Timestamp.fromMillis(Date.now() - index * 60_000),
      });
    }
    await batch.commit();
    const detail = await call('meal', { params: { id: mealId } });
    expect(detail.body.reviews).toHaveLength(mealReviewsPageSize);
    expect(detail.body.reviewsNextCursor).toEqual(expect.any(String));
    expect(detail.body.reviewed).toBe(false);
    const rest = await call('mealReviews', {
      params: { id: mealId },
      query: { cursor: detail.body.reviewsNextCursor },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.items.map((review: { comment: string }) => review.comment)).toEqual([
      `review ${total - 3}`,
      `review ${total - 2}`,
      `review ${total - 1}`,
    ]);
    expect(rest.body.nextCursor).toBeNull();
    expect(JSON.stringify(rest.body)).not.toContain('reviewer-');
    // A cursor of another meal's reviews is not one of this list's positions.
    const otherMeal = await seedMeal({ title: `${uniqueWord()} Other` });
    const foreign = await call('mealReviews', {
      params: { id: otherMeal },
      query: { cursor: detail.body.reviewsNextCursor },
    });
    expect(foreign.status).toBe(400);
    expect((await call('mealReviews', { params: { id: mealId }, query: { limit: '21' } })).status).toBe(400);
  });

  it('bound /mealsByCategory to what the home page shows', async () => {
    expect((await call('mealsByCategory', { query: { limit: '12' } })).status).toBe(200);
    const tooMany = await call('mealsByCategory', { query: { limit: '13' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^limit/);
  });
});
