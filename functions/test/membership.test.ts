// A membership counts at the moment of every check: a stored membership whose paid period
// (plus the grace while a renewal is expected) has passed gives no rights, although the
// stored document still says `active` and no job has run.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { membershipGraceDays } from '@hostelhub/contracts';
import { call, db } from './support/emulators.js';
import { seedMeal, uniqueWord } from './support/meals.js';
import { createUserDirect, dayMs } from './support/users.js';
import { tidyEndedMemberships } from '../src/features/payments/tidy-memberships.js';

const hourMs = 3_600_000;
const endingIn = (ms: number) => Timestamp.fromMillis(Date.now() + ms);

/** What a member may do, as the API answers: [request a meal, like an upcoming meal, GET /user]. */
async function rightsOf(membershipFields: Record<string, unknown>) {
  const user = await createUserDirect({ membership: 'Gold', membershipFields });
  const mealId = await seedMeal({ title: `Membership ${uniqueWord()}` });
  const upcomingId = await seedMeal({ title: `Membership ${uniqueWord()}` }, 'upcomingMeals');
  const request = await call('requestMeal', { token: user.token, body: { mealId } });
  const like = await call('likeUpcoming', { token: user.token, body: { mealId: upcomingId } });
  const profile = await call('user', { token: user.token });
  expect(profile.status).toBe(200);
  return { request: request.status, like: like.status, badge: profile.body.badge, membership: profile.body.membership };
}

describe('membership at the moment of the check', () => {
  it('an active membership gives rights and its badge', async () => {
    const rights = await rightsOf({ currentPeriodEnd: endingIn(10 * dayMs) });
    expect(rights).toMatchObject({ request: 201, like: 200, badge: 'Gold' });
    expect(rights.membership).toMatchObject({
      packageId: 'gold',
      packageName: 'Gold',
      status: 'active',
      cancelAtPeriodEnd: false,
      subscriptionId: null,
    });
    expect(Date.parse(rights.membership.currentPeriodEnd)).toBeGreaterThan(Date.now() + 9 * dayMs);
  });

  it(`a period that ended more than ${membershipGraceDays} days ago counts as none: 402, 402 and Bronze`, async () => {
    const rights = await rightsOf({
      status: 'active',
      currentPeriodEnd: endingIn(-(membershipGraceDays * dayMs + hourMs)),
    });
    expect(rights).toMatchObject({ request: 402, like: 402, badge: 'Bronze' });
    expect(rights.membership.status).toBe('expired');
  });

  it('a renewal that is late or being retried keeps rights during the grace period', async () => {
    const rights = await rightsOf({ status: 'past_due', currentPeriodEnd: endingIn(-dayMs) });
    expect(rights).toMatchObject({ request: 201, like: 200, badge: 'Gold' });
    expect(rights.membership.status).toBe('past_due');
  });

  it('a membership set to cancel keeps rights until its end and not an hour after (no grace)', async () => {
    const before = await rightsOf({ cancelAtPeriodEnd: true, currentPeriodEnd: endingIn(hourMs) });
    expect(before).toMatchObject({ request: 201, like: 200, badge: 'Gold' });
    const after = await rightsOf({ cancelAtPeriodEnd: true, currentPeriodEnd: endingIn(-hourMs) });
    expect(after).toMatchObject({ request: 402, like: 402, badge: 'Bronze' });
  });

  it('a canceled or expired membership gives none', async () => {
    const canceled = await rightsOf({ status: 'canceled', currentPeriodEnd: endingIn(-hourMs) });
    expect(canceled).toMatchObject({ request: 402, like: 402, badge: 'Bronze' });
    const revoked = await rightsOf({ status: 'expired', currentPeriodEnd: endingIn(10 * dayMs) });
    expect(revoked).toMatchObject({ request: 402, like: 402, badge: 'Bronze' });
  });

  it('a membership without a period end (an older shape) gives none', async () => {
    const rights = await rightsOf({ currentPeriodEnd: null, since: Timestamp.now() });
    expect(rights).toMatchObject({ request: 402, like: 402, badge: 'Bronze', membership: null });
  });

  it('an ended membership can be bought again and is not reported as held', async () => {
    const user = await createUserDirect({
      membership: 'Gold',
      membershipFields: { currentPeriodEnd: endingIn(-10 * dayMs) },
    });
    const held = await call('alreadyPurchased', { token: user.token });
    expect(held.body).toEqual({ packageName: null, packageId: null });
  });
});

describe('the daily tidy', () => {
  it('stores ended memberships as expired with the Bronze badge and leaves the others alone', async () => {
    const ended = await createUserDirect({
      membership: 'Gold',
      membershipFields: { status: 'active', currentPeriodEnd: endingIn(-(membershipGraceDays * dayMs + hourMs)) },
    });
    const inGrace = await createUserDirect({
      membership: 'Gold',
      membershipFields: { status: 'past_due', currentPeriodEnd: endingIn(-hourMs) },
    });
    const live = await createUserDirect({ membership: 'Gold' });
    expect(await tidyEndedMemberships()).toBeGreaterThanOrEqual(1);
    const stored = async (uid: string) => (await db.doc(`users/${uid}`).get()).data() ?? {};
    expect(await stored(ended.uid)).toMatchObject({
      badge: 'Bronze',
      membership: { status: 'expired', packageId: 'gold' },
    });
    expect(await stored(inGrace.uid)).toMatchObject({ badge: 'Gold', membership: { status: 'past_due' } });
    expect(await stored(live.uid)).toMatchObject({ badge: 'Gold', membership: { status: 'active' } });
  });
});
