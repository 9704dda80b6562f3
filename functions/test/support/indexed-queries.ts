// Every query the API runs, in each variant its parameters allow, so test/indexes.test.ts
// can check each against firestore.indexes.json (the emulator never asks for indexes;
// production refuses a query that lacks one).
//
// Each feature builds its queries in pure functions (features/<feature>/queries.ts); they
// are listed here, one entry per distinct combination of filters and orderings. Likes run
// no list queries.
import { FieldPath, type Query } from 'firebase-admin/firestore';
import { allergenKeys, dietTags, mealSorts } from '@hostelhub/contracts';
import { allMealsQuery, filteredAllMealsQuery } from '../../src/features/admin-meals/queries.js';
import {
  filteredMealsQuery,
  latestReviewsQuery,
  mealsByCategoryQuery,
  mealsListQuery,
  packagesQuery,
  upcomingMealsQuery,
  type MealFilter,
} from '../../src/features/meals/queries.js';
import {
  endedMembershipsQuery,
  paymentHistoryQuery,
  subscriptionPaymentsQuery,
} from '../../src/features/payments/queries.js';
import {
  allRequests,
  requestHistory,
  requestsByEmail,
  requestsOfUser,
  pendingQueue,
  pendingQueueOfServing,
  countedRequestsOfUserInWeek,
  upcomingReservationsOfUser,
  heldReservationsOfUser,
  pendingReservationsOfServing,
  servingsEndedBetween,
} from '../../src/lib/requests/queries.js';
import { servingOfMealInSlot, servingsOn } from '../../src/features/menu/queries.js';
import { reviewsByAuthor } from '../../src/features/reviews/queries.js';
import { mealsByCounter, ratingsOfMealBetween, usersWithMembership } from '../../src/features/insights/queries.js';
import {
  adminsToAlert,
  complaintsOfAuthor,
  complaintsOfDigestWindow,
  complaintsQueue,
  ratingsOfServing,
  servedMealOfUser,
  servedReservationsOfUser,
  servingsOfDays,
} from '../../src/features/feedback/queries.js';
import {
  membershipChangesBetween,
  paymentsPaidBetween,
  requestsMadeBetween,
  reservationsForDays,
  rollupDaysBetween,
  rollupMonthsBetween,
} from '../../src/lib/rollups.js';
import { complaintsRaisedBetween, ratingsForDays } from '../../src/lib/satisfaction-rollups.js';
import { reviewOfAuthorOnMeal } from '../../src/lib/meal-reviews.js';
import { adminsQuery, mealsAddedByQuery, usersSearchQuery } from '../../src/features/users/queries.js';
import { userByEmailQuery } from '../../src/lib/profiles.js';
import { servingsBetween, servingsOfMealFrom } from '../../src/lib/servings.js';
import { approvedLeaves, leavesOfMemberIn } from '../../src/lib/leave.js';
import { adminActionsQuery } from '../../src/lib/admin-actions.js';
import { skipsOfMemberFrom } from '../../src/lib/default-booking.js';
import { leavesForAdmins, leavesOfMember } from '../../src/features/booking/queries.js';
import { servingsOfOpenWeeks, standingPatternsAfter } from '../../src/features/reservations/standing-reservations.js';
import { memberQueries } from '../../src/features/users/my-data.js';
import { closingQueries } from '../../src/features/users/closing-records.js';

type RegisteredQuery = { name: string; query: Query };

/** The query readPage (src/lib/paging.ts) runs for a list: ties broken by document id. */
const asPaged = (query: Query) => query.orderBy(FieldPath.documentId());

/**
 * Every combination of the /meals filters: search, category, price range (a closed range, and
 * the open ones at either end, which filter price on one side only).
 */
function mealFilterVariants(): MealFilter[] {
  const variants: MealFilter[] = [];
  for (const search of [undefined, 'chick']) {
    for (const category of [undefined, 'Lunch' as const]) {
      for (const priceRange of [undefined, '10-30', 'under-10', '100-plus'] as const) {
        variants.push({ search, category, priceRange });
      }
    }
  }
  // Each label alone, with and without a price range (each field's own index, ADR 0032),
  // and labels merged with search, category and each other.
  for (const search of [undefined, 'chick']) {
    for (const priceRange of [undefined, '10-30'] as const) {
      for (const diet of dietTags) variants.push({ search, diet, priceRange });
      for (const allergen of allergenKeys) variants.push({ search, freeFrom: [allergen], priceRange });
    }
  }
  variants.push({ search: 'chick', category: 'Lunch', diet: 'vegan', freeFrom: ['milk', 'peanuts'] });
  variants.push({ search: 'chick', diet: 'halal', freeFrom: ['tree-nuts'], priceRange: 'under-10' });
  return variants;
}

const describeFilter = (filter: MealFilter) =>
  Object.entries(filter)
    .filter(([, value]) => value)
    .map(([key, value]) =>
      key === 'priceRange' || key === 'diet' || key === 'freeFrom' ? `${key} ${String(value)}` : key,
    )
    .join('+') || 'no filter';

export function indexedQueries(): RegisteredQuery[] {
  const registered: RegisteredQuery[] = [];
  const add = (name: string, query: Query) => registered.push({ name, query });

  for (const filter of mealFilterVariants()) {
    add(`GET /meals list (${describeFilter(filter)})`, asPaged(mealsListQuery(filter)));
    add(`GET /meals total (${describeFilter(filter)})`, filteredMealsQuery(filter));
  }
  add('GET /mealsByCategory (all)', mealsByCategoryQuery(undefined, 12));
  add('GET /mealsByCategory (one category)', mealsByCategoryQuery('Dinner', 12));
  add('GET /meal/{id} and /meal/{id}/reviews: reviews', asPaged(latestReviewsQuery('any-meal')));
  add('GET /upcoming-meals', asPaged(upcomingMealsQuery()));
  add('GET /packages', packagesQuery());

  for (const search of [undefined, 'chick']) {
    for (const category of [undefined, 'Lunch' as const]) {
      const filter = { search, category };
      const named = describeFilter(filter);
      for (const sort of mealSorts)
        add(`GET /all-meals (sort '${sort}', ${named})`, asPaged(allMealsQuery(sort, filter)));
      add(`GET /all-meals total (${named})`, filteredAllMealsQuery(filter));
    }
  }

  add('GET /users (all)', asPaged(usersSearchQuery(undefined)));
  add('GET /users (search)', asPaged(usersSearchQuery('ada')));
  add('GET /user by email', userByEmailQuery('someone@hostelhub.test'));
  add('GET /user numberOfMeals', mealsAddedByQuery('some-admin'));
  add('PATCH /users/{uid}/role: the admins left', adminsQuery(2));
  add('GET /payment-history', asPaged(paymentHistoryQuery('some-user')));
  add('subscription mirror: payments of a subscription', subscriptionPaymentsQuery('sub_any'));
  add('daily tidy: ended memberships', endedMembershipsQuery(new Date()));

  add('GET /requested-meals (own)', asPaged(requestsOfUser('some-user')));
  add('GET /requested-meals (by email)', asPaged(requestsByEmail('a@b.test')));
  add('GET /requested-meals (all, search)', asPaged(allRequests('token')));
  add('GET /requested-meals (all)', asPaged(allRequests()));
  add(
    "POST /meal-request and GET /meal-request/quota: a week's counted requests",
    countedRequestsOfUserInWeek('some-user', '2026-11-23'),
  );
  add('GET /my-reservations', asPaged(heldReservationsOfUser('some-user', '2026-11-23')));
  add('GET /passes/current', upcomingReservationsOfUser('some-user', '2026-11-23'));
  add('GET /requested-meals?queue=pending (Serve Meals)', asPaged(pendingQueue()));
  add('GET /requested-meals?queue=history (Serve Meals)', asPaged(requestHistory()));
  add('GET /requested-meals?queue=pending&servingId= (Serve Meals, one serving)', asPaged(pendingQueueOfServing('s')));
  add('daily no-show count: servings ended in a window', servingsEndedBetween(new Date(0), new Date()));
  add("daily no-show count: a serving's pending reservations", pendingReservationsOfServing('s'));
  add('GET /reviews', asPaged(reviewsByAuthor('some-user')));
  add("GET /meal/{id} and review writes: the caller's review of a meal", reviewOfAuthorOnMeal('any-meal', 'some-user'));
  add('GET /menu and copy-week: servings by date range', servingsBetween('2026-11-23', '2026-11-29'));
  add('GET /kitchen and closing a day: the servings of a day', servingsOn('2026-11-25'));
  add('POST/PATCH /servings: the meal in that slot that day', servingOfMealInSlot('any-meal', '2026-11-25', 'lunch'));
  add('GET /meal/{id}/servings', servingsOfMealFrom('any-meal', '2026-11-23').where('date', '<=', '2026-12-06'));
  add("DELETE /meal/{id}: the meal's planned servings", servingsOfMealFrom('any-meal', '2026-11-23'));
  const [start, end] = [new Date('2026-10-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z')];
  add('GET /insights: day rollups of a range', rollupDaysBetween('2026-10-01', '2026-11-31'));
  add('GET /insights and the rebuild: month rollups of a range', rollupMonthsBetween('2000-01', '2026-11'));
  for (const counter of ['likesCount', 'rating'] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      add(`GET /insights: meals by ${counter} ${direction}`, mealsByCounter(counter, direction).limit(5));
    }
  }
  add('GET /exports/payments.csv and the rebuild: payments of a range', paymentsPaidBetween(start, end));
  add('GET /exports/members.csv: users with a membership', usersWithMembership());
  add('rollup rebuild: reservations of a range of days', reservationsForDays('2026-10-01', '2026-10-31'));
  add('rollup rebuild: requests made in a range', requestsMadeBetween(start, end));
  add('rollup rebuild: membership changes of a range', membershipChangesBetween(start, end));
  // Feedback: ratings and complaints.
  for (const status of [undefined, 'open'] as const) {
    for (const category of [undefined, 'food'] as const) {
      const named = [status && 'status', category && 'category'].filter(Boolean).join('+') || 'no filter';
      add(`GET /complaints (own, ${named})`, asPaged(complaintsOfAuthor('some-user', { status, category })));
      add(`GET /complaints (all, ${named})`, asPaged(complaintsQueue({ status, category })));
    }
  }
  add('GET /complaints (kitchen: open urgent ones)', asPaged(complaintsQueue({ status: 'open', urgent: true })));
  // Kitchen staff's lists leave out the admins' own categories (ADR 68).
  const staffCategories = ['food', 'quantity', 'hygiene', 'allergen', 'other'] as const;
  for (const status of [undefined, 'open'] as const) {
    add(
      `GET /complaints (staff, ${status ? 'status' : 'no filter'})`,
      asPaged(complaintsQueue({ status, categories: staffCategories })),
    );
  }
  add(
    'GET /complaints (staff: open urgent ones)',
    asPaged(complaintsQueue({ status: 'open', urgent: true, categories: staffCategories })),
  );
  add('POST /complaints: a meal served to the caller', servedMealOfUser('some-user'));
  add('complaintDigests: the complaints of a window', complaintsOfDigestWindow('2026-11-25T09:00:00.000Z').limit(20));
  add('GET /servings/{id}/ratings', ratingsOfServing('s').limit(500));
  add('GET /my-ratings/due', servedReservationsOfUser('some-user', '2026-11-23'));
  add('GET /meal-feedback: servings of four weeks', servingsOfDays('2026-10-28', '2026-11-25'));
  add('POST /complaints: the admins to alert', adminsToAlert());
  add(
    "GET /insights: a meal's ratings of a range",
    ratingsOfMealBetween('any-meal', '2026-10-01', '2026-11-30').limit(20),
  );
  add('rollup rebuild: ratings of a range of days', ratingsForDays('2026-10-01', '2026-10-31'));
  add('rollup rebuild: complaints raised in a range', complaintsRaisedBetween(start, end));
  add("POST /leaves, reservations and passes: a member's leaves of some months", leavesOfMemberIn('u', ['2031-01']));
  add('GET /leaves (own)', asPaged(leavesOfMember('u')));
  add('rollup rebuild: approved leaves', approvedLeaves());
  for (const actor of [undefined, 'some-admin']) {
    for (const kind of [undefined, 'meal.changed' as const]) {
      for (const range of [{}, { since: new Date(0), until: new Date() }]) {
        const name = `GET /admin-actions (${actor ? 'actor' : 'anyone'}, ${kind ?? 'any kind'}, ${'since' in range ? 'days' : 'any day'})`;
        add(name, asPaged(adminActionsQuery({ actor, kind, ...range })));
      }
    }
  }
  add('GET /my-skips', skipsOfMemberFrom('u', '2031-01-01'));
  add('standingReservations: the servings of the open weeks', servingsOfOpenWeeks('2031-01-01', '2031-01-12'));
  add('standingReservations: a page of patterns', standingPatternsAfter('u'));
  for (const status of [undefined, 'pending' as const]) {
    for (const month of [undefined, '2031-01']) {
      add(
        `GET /leaves (admins, ${status ?? 'any status'}, ${month ?? 'any month'})`,
        asPaged(leavesForAdmins({ status, month })),
      );
    }
  }
  // GET /user/export and DELETE /user (ADR 75): the member's documents, a page at a time
  // from the last one read (startAfter and limit keep each query's order).
  for (const [section, query] of Object.entries(memberQueries('u'))) add(`GET /user/export: ${section}`, query);
  const { activityAbout, emailsAbout, ...closing } = closingQueries('u', 'deleted-u');
  for (const [step, query] of Object.entries(closing)) add(`DELETE /user: ${step}`, query);
  add('DELETE /user: activityAbout', activityAbout(['u', 'complaint-1']));
  add('DELETE /user: emailsAbout', emailsAbout('complaint-1'));
  return registered;
}
