import { FieldPath, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  firstPaymentFor,
  mealReviewsPageSize,
  type CheckoutPackage,
  type MealCategory,
  type MealDetail,
  type MealsPage,
  type MealsQuery,
  type MembershipPackage,
  type Page,
  type PublicMeal,
  type PublicReview,
  type UpcomingMeal,
} from '@hostelhub/contracts';
import { entitlementsOf } from '../../lib/entitlements.js';
import { notFound } from '../../lib/errors.js';
import { readAll, typed } from '../../lib/converters/index.js';
import { encodeCursor, readPage } from '../../lib/paging.js';
import { privateRefOf } from '../../lib/meal-private.js';
import { reviewOfAuthorOnMeal } from '../../lib/meal-reviews.js';
import { mealsTotal } from '../../lib/meal-totals.js';
import { loadProfile } from '../../lib/profiles.js';
import { toAdminMeal, toPublicMeal } from '../../lib/serialize-meal.js';
import {
  filteredMealsQuery,
  latestReviewsQuery,
  mealsByCategoryQuery,
  mealsListQuery,
  packagesQuery,
  upcomingMealsQuery,
} from './queries.js';
import { toPublicReview } from './serialize-review.js';
import { currentTime } from '../../lib/clock.js';

export async function mealsByCategory(category: MealCategory | undefined, limit: number): Promise<PublicMeal[]> {
  const snapshot = await mealsByCategoryQuery(category, limit).get();
  return snapshot.docs.map(toPublicMeal);
}

/**
 * One page of GET /meals. With a cursor the page starts right after the previous one
 * (cost of one page); `page` > 1 without a cursor skips documents with an offset, which
 * Firestore still reads and bills, so the site always sends the cursor.
 */
export async function searchMeals(input: MealsQuery): Promise<MealsPage> {
  const filter = {
    search: input.search,
    category: input.category,
    priceRange: input.priceRange,
    diet: input.diet,
    freeFrom: input.freeFrom,
  };
  const list = mealsListQuery(filter);
  // freeFrom comes sorted and without repeats from its schema: equal filters, equal keys.
  const totalRead = mealsTotal(JSON.stringify(filter), () =>
    filteredMealsQuery(filter)
      .count()
      .get()
      .then((snapshot) => snapshot.data().count),
  );

  let docs: DocumentSnapshot[];
  let nextCursor: string | null;
  if (input.cursor || input.page === 1) {
    ({ docs, nextCursor } = await readPage(list, input.limit, input.cursor));
  } else {
    const snapshot = await list
      .orderBy(FieldPath.documentId())
      .offset((input.page - 1) * input.limit)
      .limit(input.limit + 1)
      .get();
    docs = snapshot.docs.slice(0, input.limit);
    const last = docs[docs.length - 1];
    nextCursor = snapshot.docs.length > input.limit && last ? encodeCursor(last) : null;
  }
  const total = await totalRead;
  return { meals: docs.map(toPublicMeal), total, nextCursor };
}

/** A meal with its latest reviews; a signed-in caller also learns what is theirs. */
export async function mealDetail(mealId: string, callerUid: string | null): Promise<MealDetail> {
  const mealRef = typed.meals().doc(mealId);
  const [meal, reviews, like, profile, ownReview] = await Promise.all([
    mealRef.get(),
    readPage(latestReviewsQuery(mealId), mealReviewsPageSize, undefined),
    callerUid ? typed.likes(mealRef).doc(callerUid).get() : null,
    callerUid ? loadProfile(callerUid) : null,
    // The caller's review may be on a later page of the reviews.
    callerUid ? reviewOfAuthorOnMeal(mealId, callerUid).get() : null,
  ]);
  if (!meal.exists) throw notFound('Meal not found');
  const shown = profile?.role === 'admin' ? toAdminMeal(meal, await privateRefOf(meal).get()) : toPublicMeal(meal);
  return {
    ...shown,
    reviews: reviews.docs.map((review) => toPublicReview(review, callerUid)),
    reviewsNextCursor: reviews.nextCursor,
    reviewed: ownReview ? !ownReview.empty : false,
    liked: like?.exists ?? false,
  };
}

/** GET /meal/{id}/reviews: the page of a meal's reviews after `cursor`. */
export async function mealReviews(
  mealId: string,
  callerUid: string | null,
  limit: number,
  cursor: string | undefined,
): Promise<Page<PublicReview>> {
  const { docs, nextCursor } = await readPage(latestReviewsQuery(mealId), limit, cursor);
  return { items: docs.map((review) => toPublicReview(review, callerUid)), nextCursor };
}

export async function listPackages(): Promise<MembershipPackage[]> {
  const snapshot = await packagesQuery().get();
  return snapshot.docs.map(toPackage);
}

/**
 * A package for its checkout, with what subscribing now charges today (the first period, up
 * to the 15th, prorated) and then monthly, both with VAT, from the stored price.
 */
export async function getPackage(packageId: string): Promise<CheckoutPackage> {
  const snapshot = await typed.packages().doc(packageId).get();
  if (!snapshot.exists) throw notFound('Package not found');
  const membershipPackage = toPackage(snapshot);
  return { ...membershipPackage, firstPayment: firstPaymentFor(membershipPackage.price, currentTime()) };
}

function toPackage(snapshot: DocumentSnapshot): MembershipPackage {
  const data = snapshot.data() ?? {};
  return {
    _id: snapshot.id,
    name: data.name ?? '',
    price: data.price ?? 0,
    services: Array.isArray(data.services) ? data.services : [],
    ...entitlementsOf(snapshot),
  };
}

/** One page of upcoming meals, newest first, each with whether the caller already liked it. */
export async function upcomingMeals(
  callerUid: string | null,
  limit: number,
  cursor: string | undefined,
): Promise<Page<UpcomingMeal>> {
  const { docs, nextCursor } = await readPage(upcomingMealsQuery(), limit, cursor);
  const likes = callerUid ? await readAll(docs.map((meal) => typed.likes(meal.ref).doc(callerUid))) : [];
  return {
    items: docs.map((meal, index) => ({ ...toPublicMeal(meal), liked: likes[index]?.exists ?? false })),
    nextCursor,
  };
}
