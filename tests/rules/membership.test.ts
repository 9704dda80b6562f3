// The rules' membership check (hasActiveMembership) against the contract's isMember: for each
// stored membership, a member's direct read of their own vote on an upcoming meal is allowed
// exactly when isMember says they are a member now. No job runs in between: the rules decide
// from currentPeriodEnd and request.time alone.
import { assertFails } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { isMember, type Membership } from '@hostelhub/contracts';
import { likeBy, membershipOf, storedMeal } from './support/documents.js';
import { assertReadSucceeds, firestoreAs, seed, useRulesEnvironment } from './support/environment.js';
import { people } from './support/people.js';

const hour = 3_600_000;
const day = 24 * hour;
const member = people.member;
const ownVote = `upcomingMeals/meal-1/likes/${member.uid}`;

const rules = useRulesEnvironment(async (db) => {
  await db.doc('upcomingMeals/meal-1').set(storedMeal({ likesCount: 1, reviewsCount: 0, ratingTotal: 0, rating: 0 }));
  await db.doc(ownVote).set(likeBy(member.uid));
});

// [what, stored fields, periodEnd offset from now in ms]
const cases: [string, Partial<Membership>, number][] = [
  ['active, paid for 20 more days', { status: 'active' }, 20 * day],
  ['active, period ended an hour ago (renewal on its way, within grace)', { status: 'active' }, -hour],
  ['past_due, period ended 2 days ago (within grace)', { status: 'past_due' }, -2 * day],
  ['past_due, period ended 3 days and an hour ago (grace over)', { status: 'past_due' }, -(3 * day + hour)],
  ['active, period ended 4 days ago (no job has run)', { status: 'active' }, -4 * day],
  ['set to cancel, 5 days left', { status: 'active', cancelAtPeriodEnd: true }, 5 * day],
  ['set to cancel, ended an hour ago (no grace)', { status: 'active', cancelAtPeriodEnd: true }, -hour],
  ['canceled, paid period still running', { status: 'canceled' }, 2 * day],
  ['canceled, ended an hour ago', { status: 'canceled' }, -hour],
  ['expired (revoked by a refund) before its period end', { status: 'expired' }, 10 * day],
];

describe('a membership counts at the moment of the check, in the rules as in isMember', () => {
  it.each(cases)('%s', async (_what, fields, offset) => {
    const periodEnd = new Date(Date.now() + offset);
    await seed(rules.env, (db) =>
      db
        .doc(`users/${member.uid}`)
        .update({ membership: membershipOf('gold', { ...fields, currentPeriodEnd: periodEnd }) }),
    );
    const expected = isMember(
      {
        membership: {
          packageId: 'gold',
          packageName: 'Gold',
          status: fields.status ?? 'active',
          currentPeriodEnd: periodEnd.toISOString(),
          cancelAtPeriodEnd: fields.cancelAtPeriodEnd ?? false,
          subscriptionId: 'sub_rules',
        },
      },
      new Date(),
    );
    const read = firestoreAs(rules.env, 'member').doc(ownVote).get();
    if (expected) await assertReadSucceeds(read);
    else await assertFails(read);
  });

  it('the cases cover both outcomes', () => {
    const outcomes = cases.map(([, fields, offset]) =>
      isMember(
        {
          membership: {
            packageId: 'gold',
            packageName: 'Gold',
            status: fields.status ?? 'active',
            currentPeriodEnd: new Date(Date.now() + offset).toISOString(),
            cancelAtPeriodEnd: fields.cancelAtPeriodEnd ?? false,
            subscriptionId: null,
          },
        },
        Date.now(),
      ),
    );
    expect(outcomes).toEqual([true, true, true, false, false, true, false, true, false, false]);
  });

  it('a membership without a period end (an older shape) gives no rights', async () => {
    await seed(rules.env, (db) =>
      db
        .doc(`users/${member.uid}`)
        .update({ membership: { packageId: 'gold', packageName: 'Gold', since: new Date() } }),
    );
    await assertFails(firestoreAs(rules.env, 'member').doc(ownVote).get());
  });

  it('a student without a membership may not read even their own vote', async () => {
    await seed(rules.env, (db) =>
      db.doc(`upcomingMeals/meal-1/likes/${people.student.uid}`).set(likeBy(people.student.uid)),
    );
    await assertFails(firestoreAs(rules.env, 'student').doc(`upcomingMeals/meal-1/likes/${people.student.uid}`).get());
  });
});
